import { UserFacingError } from '@/lib/http/user-facing-error';
import type { StoragePort } from '@/lib/storage/port';

/** A data URL the browser made of a chosen file (Add, before upload): 800 wide is well under this. */
export const MAX_DATA_URL_CHARS = 4_000_000;
const DATA_URL = /^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

export const IMAGE_UNREADABLE = 'The image could not be read from storage.';

function mimeOf(bytes: Uint8Array): string | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes[0] === 0x89 && ascii(1, 4) === 'PNG') return 'image/png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/**
 * The image as the model receives it: a data URL, because the model cannot reach a private or
 * local site. A stored image is read from storage itself (readPublic never fetches a URL, so a
 * request cannot make the server call an address of someone's choosing); a data URL from the
 * browser is accepted as it is when it is a real JPEG, PNG or WebP of a sane size.
 */
export async function imageForModel(storage: Pick<StoragePort, 'readPublic'>, imageUrl: string): Promise<string> {
  if (imageUrl.startsWith('data:')) {
    if (imageUrl.length > MAX_DATA_URL_CHARS || !DATA_URL.test(imageUrl))
      throw new UserFacingError('The image must be a JPEG, PNG or WebP under 3 MB.');
    const bytes = Buffer.from(imageUrl.slice(imageUrl.indexOf(',') + 1, imageUrl.indexOf(',') + 41), 'base64');
    if (!mimeOf(bytes)) throw new UserFacingError('The image must be a JPEG, PNG or WebP under 3 MB.');
    return imageUrl;
  }
  const bytes = await storage.readPublic(imageUrl);
  const mime = bytes && mimeOf(bytes);
  if (!bytes || !mime) throw new UserFacingError(IMAGE_UNREADABLE);
  return `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;
}
