/**
 * SHA-256 of a file, hex, as the upload route records it (lib/images/process.ts hashes the
 * uploaded bytes), so a queued file can be matched with the artworks' `image_checksum`. Null
 * where the browser offers no Web Crypto (a page served over plain http on another host):
 * the duplicate check is then skipped, and the upload works as before.
 */
export async function sha256Hex(file: Blob): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = new Uint8Array(await subtle.digest('SHA-256', await file.arrayBuffer()));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
