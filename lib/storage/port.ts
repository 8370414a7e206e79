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
  putPrivate(
    key: string,
    data: Uint8Array,
    contentType: string,
  ): Promise<string /* private reference, e.g. private:{key} */>;
  /** Removes files by URL or private reference; 'The resource was not found' is not an error. */
  remove(urlsOrRefs: string[]): Promise<RemoveResult>;
  /**
   * The bytes of one of this adapter's public files, read by its key from storage itself; null
   * for anything else (another host, a private reference, a missing file). Never fetches a URL:
   * a stored image URL must not make the server call an address of someone's choosing.
   */
  readPublic(url: string): Promise<Uint8Array | null>;
};

/** One stored file, as an inventory lists it. */
export type StoredFile = {
  /**
   * What rows store and remove() takes: a public URL or `private:{key}`. Null for a file whose
   * name no key of ours can have (left by hand or by another tool): never ours to remove.
   */
  ref: string | null;
  /** The name inside its folder or bucket (public and private alike). */
  key: string;
  visibility: 'public' | 'private';
  size: number;
  /** The newest time storage records for it (written, renamed, changed). */
  modifiedAt: Date;
};

/**
 * Lists what is stored, for housekeeping (lib/storage/sweep.ts). Kept apart from StoragePort so
 * that code which only writes or removes files never needs it.
 */
export type StorageInventory = {
  list(): AsyncIterable<StoredFile>;
};

/**
 * Uploads that go from the browser straight to storage (Supabase mode), so an image never passes
 * through a function: Vercel refuses request bodies over 4.5 MB, and the site takes 10 MB. The
 * browser PUTs the file to a one-time URL under a staging key in the private bucket (whose own
 * size and type limits apply); the upload route then reads it from there, processes it as any
 * upload and removes it. A staged file nobody processed is an orphan the sweep removes.
 */
export type DirectUploads = {
  /** A one-time URL the browser PUTs one file to (raw body, its own content type), and its key. */
  createStagedUpload(): Promise<{ key: string; uploadUrl: string }>;
  /** The staged file's bytes, or null when there is no such file. */
  readStaged(key: string): Promise<Uint8Array | null>;
  removeStaged(key: string): Promise<void>;
};

/** The only keys a staged upload can have: staging/{random UUID}. */
export const STAGING_KEY = /^staging\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** How private originals are referenced in the database (image_original_url). */
export const PRIVATE_PREFIX = 'private:';
export const privateRef = (key: string) => `${PRIVATE_PREFIX}${key}`;
