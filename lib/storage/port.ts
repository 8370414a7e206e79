/**
 * The storage port. Local disk (embedded) and Supabase Storage implement it; code outside
 * lib/storage/ only sees this.
 * - public files are served to anyone (display images, thumbnails);
 * - private files (uploaded originals) are never served publicly.
 */
export type RemoveResult = {
  removed: string[];
  /** Already gone ('The resource was not found'): not an error, cleanup is idempotent. */
  notFound: string[];
  /**
   * Not ours to delete: anything that is not one of this adapter's public URLs or a
   * `private:{key}` reference (seed images under /seed/, other hosts, traversal attempts).
   */
  refused: string[];
};

export type StoragePort = {
  putPublic(key: string, data: Uint8Array, contentType: string): Promise<string /* public URL */>;
  putPrivate(key: string, data: Uint8Array, contentType: string): Promise<string /* private reference, e.g. private:{key} */>;
  /** Removes files by URL or private reference; 'The resource was not found' is not an error. */
  remove(urlsOrRefs: string[]): Promise<RemoveResult>;
};

/** How private originals are referenced in the database (image_original_url). */
export const PRIVATE_PREFIX = 'private:';
export const privateRef = (key: string) => `${PRIVATE_PREFIX}${key}`;
