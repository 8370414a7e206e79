import { categorySlug } from '@/lib/categories';
import { slugifyTitle } from '@/lib/slug';
import type { UploadedImage } from '@/lib/artworks/admin/schema';

export type UploadOutcome = { ok: true; image: UploadedImage } | { ok: false; error: string };

/** Sends the chosen file to the upload route under '{category-slug}/{slug}'. */
export async function uploadArtworkImage(file: File, category: string, slug: string): Promise<UploadOutcome> {
  if (!file) return { ok: false, error: 'No file provided for upload.' };
  const body = new FormData();
  body.set('file', file);
  body.set('path', `${categorySlug(category)}/${slugifyTitle(slug) || 'artwork'}`);
  let response: Response;
  try {
    response = await fetch('/api/upload-artwork-image', { method: 'POST', body });
  } catch (error) {
    return { ok: false, error: `Upload failed: ${error instanceof Error ? error.message : 'network error'}` };
  }
  const json = (await response.json().catch(() => null)) as (Partial<UploadedImage> & { error?: string }) | null;
  if (!response.ok || json?.error) return { ok: false, error: json?.error ?? `Upload failed: ${response.status} ${response.statusText}` };
  if (!json?.publicUrl) return { ok: false, error: 'Upload function did not return a public URL. Please try again.' };
  return { ok: true, image: json as UploadedImage };
}
