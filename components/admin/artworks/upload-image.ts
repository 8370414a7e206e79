import { categorySlug } from '@/lib/categories';
import { slugifyTitle } from '@/lib/slug';
import type { UploadedImage, UploadReference } from '@/lib/artworks/admin/schema';
import { appFetch } from '@/lib/telemetry/client-fetch';

/** The stored image for previews, and the reference a save sends back (nothing else counts). */
export type UploadOutcome = { ok: true; image: UploadedImage; reference: UploadReference } | { ok: false; error: string };

/** Sends the chosen file to the upload route under '{category-slug}/{slug}'. */
export async function uploadArtworkImage(file: File, category: string, slug: string): Promise<UploadOutcome> {
  if (!file) return { ok: false, error: 'No file provided for upload.' };
  const body = new FormData();
  body.set('file', file);
  body.set('path', `${categorySlug(category)}/${slugifyTitle(slug) || 'artwork'}`);
  let response: Response;
  try {
    response = await appFetch('/api/upload-artwork-image', { method: 'POST', body });
  } catch (error) {
    return { ok: false, error: `Upload failed: ${error instanceof Error ? error.message : 'network error'}` };
  }
  const json = (await response.json().catch(() => null)) as (Partial<UploadedImage> & { uploadId?: string; error?: string }) | null;
  if (!response.ok || json?.error) return { ok: false, error: json?.error ?? `Upload failed: ${response.status} ${response.statusText}` };
  if (!json?.publicUrl || !json.uploadId) return { ok: false, error: 'Upload function did not return a public URL. Please try again.' };
  const { uploadId, ...image } = json;
  return { ok: true, image: image as UploadedImage, reference: { uploadId } };
}
