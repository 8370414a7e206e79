import { MAX_IMAGE_BYTES, messages } from '@/lib/artworks/client';

/**
 * Which dropped or chosen files may enter the bulk upload queue (docs/product.md, Bulk upload):
 * JPEG, PNG and WebP only, at most 10MB. Two checks: the name and type the browser reports, at
 * once, then the first bytes, so a renamed text file is refused here with its reason instead of by
 * the upload route after it has been queued. The route still checks everything again.
 */
export const ACCEPTED_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export const refusals = {
  notAnImage: 'Only JPEG, PNG and WebP images can be uploaded.',
  tooLarge: messages.imageTooLarge,
  empty: 'The file is empty.',
  contentsNotAnImage: 'Its contents are not a JPEG, PNG or WebP image.',
  unreadable: 'The file could not be read.',
} as const;

/** Why a file is refused from what the browser says of it, or null when it may go on. */
export function refusalByDescription(file: { name: string; type: string; size: number }): string | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const extensionOk = (ACCEPTED_EXTENSIONS as readonly string[]).includes(extension);
  // Some systems report no type at all; the name and the first bytes decide then.
  const typeOk = file.type === '' || ACCEPTED_TYPES.includes(file.type.toLowerCase());
  if (!extensionOk || !typeOk) return refusals.notAnImage;
  if (file.size === 0) return refusals.empty;
  if (file.size > MAX_IMAGE_BYTES) return refusals.tooLarge;
  return null;
}

/** Bytes needed by imageFormatOf. */
export const HEADER_BYTES = 12;

/** The format the first bytes announce (magic numbers), or null for anything else. */
export function imageFormatOf(header: Uint8Array): 'jpeg' | 'png' | 'webp' | null {
  const at = (offset: number, bytes: number[]) => bytes.every((byte, i) => header[offset + i] === byte);
  if (at(0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'webp';
  return null;
}

/** Why the file may not enter the queue, or null: its description, then its first bytes. */
export async function screenFile(file: File): Promise<string | null> {
  const refusal = refusalByDescription(file);
  if (refusal) return refusal;
  try {
    const header = new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer());
    return imageFormatOf(header) ? null : refusals.contentsNotAnImage;
  } catch {
    return refusals.unreadable;
  }
}
