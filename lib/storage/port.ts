/**
 * The storage port. Local disk (embedded) and Supabase Storage implement it; code outside
 * lib/storage/ only sees this.
 * - public files are served to anyone (display images, thumbnails);
 * - private files (uploaded originals) are never served publicly.
 */
export type StoragePort = {
  putPublic(key: string, data: Uint8Array, contentType: string): Promise<string /* public URL */>;
  putPrivate(key: string, data: Uint8Array, contentType: string): Promise<string /* private reference, e.g. private:{key} */>;
  /** Removes files by URL or private reference; 'The resource was not found' is not an error. */
  remove(urlsOrRefs: string[]): Promise<{ removed: string[]; notFound: string[] }>;
};
