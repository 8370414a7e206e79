import { categorySlug } from '@/lib/categories';
import { slugifyTitle } from '@/lib/slug';
import { messages, type UploadedImage, type UploadReference } from '@/lib/artworks/admin/schema';
import { appFetch } from '@/lib/http/app-fetch';

/** The stored image for previews, and the reference a save sends back (nothing else counts). */
export type UploadOutcome =
  { ok: true; image: UploadedImage; reference: UploadReference } | { ok: false; error: string };

type Staged = { ok: true; key: string | null } | { ok: false; error: string };

/** Learnt from the first upload of the page: this site takes the file in the request itself. */
let directUploadsUnavailable = false;

/**
 * Sends the chosen file to the upload route under '{category-slug}/{slug}'. Where storage takes
 * uploads from the browser (Supabase mode), the file goes there first and the route is sent
 * only its key: on Vercel a request body cannot hold a 10 MB image (lib/storage/port.ts).
 */
export async function uploadArtworkImage(file: File, category: string, slug: string): Promise<UploadOutcome> {
  if (!file) return { ok: false, error: 'No file provided for upload.' };
  const path = `${categorySlug(category)}/${slugifyTitle(slug) || 'artwork'}`;
  const staged = await stageInStorage(file);
  if (!staged.ok) return staged;
  let body: FormData | string;
  if (staged.key) {
    body = JSON.stringify({ staged: staged.key, path });
  } else {
    body = new FormData();
    body.set('file', file);
    body.set('path', path);
  }
  let response: Response;
  try {
    response = await appFetch('/api/upload-artwork-image', {
      method: 'POST',
      body,
      headers: staged.key ? { 'content-type': 'application/json' } : undefined,
    });
  } catch (error) {
    return networkFailure(error);
  }
  const json = (await response.json().catch(() => null)) as
    (Partial<UploadedImage> & { uploadId?: string; error?: string }) | null;
  if (!response.ok || json?.error)
    return { ok: false, error: json?.error ?? `Upload failed: ${response.status} ${response.statusText}` };
  if (!json?.publicUrl || !json.uploadId)
    return { ok: false, error: 'Upload function did not return a public URL. Please try again.' };
  const { uploadId, ...image } = json;
  return { ok: true, image: image as UploadedImage, reference: { uploadId } };
}

/** Puts the file in storage through a one-time URL and answers its key; `key: null` where the site takes it itself. */
async function stageInStorage(file: File): Promise<Staged> {
  if (directUploadsUnavailable) return { ok: true, key: null };
  let grant: Response;
  try {
    grant = await appFetch('/api/upload-artwork-image/staged', { method: 'POST' });
  } catch (error) {
    return networkFailure(error);
  }
  const granted = (await grant.json().catch(() => null)) as {
    direct?: boolean;
    key?: string;
    uploadUrl?: string;
    error?: string;
  } | null;
  if (grant.ok && granted?.direct === false) {
    directUploadsUnavailable = true;
    return { ok: true, key: null };
  }
  if (!grant.ok || !granted?.key || !granted.uploadUrl)
    return { ok: false, error: granted?.error ?? `Upload failed: ${grant.status} ${grant.statusText}` };
  let put: Response;
  try {
    put = await fetch(granted.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': file.type || 'application/octet-stream', 'x-upsert': 'false' },
      body: file,
    });
  } catch (error) {
    return networkFailure(error);
  }
  if (put.ok) return { ok: true, key: granted.key };
  // Storage answers a refusal as JSON with its own status code: the bucket's size and type limits.
  const refusal = (await put.json().catch(() => null)) as { statusCode?: string; message?: string } | null;
  if (refusal?.statusCode === '413')
    return { ok: false, error: `${messages.imageTooLargeTitle}: ${messages.imageTooLarge}` };
  if (refusal?.statusCode === '415')
    return { ok: false, error: 'Upload failed: the file is not a JPEG, PNG or WebP image.' };
  return {
    ok: false,
    error: `Upload failed: storage answered ${put.status}${refusal?.message ? ` (${refusal.message})` : ''}.`,
  };
}

function networkFailure(error: unknown): { ok: false; error: string } {
  return { ok: false, error: `Upload failed: ${error instanceof Error ? error.message : 'network error'}` };
}
