import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import {
  PRIVATE_PREFIX,
  privateRef,
  STAGING_KEY,
  type DirectUploads,
  type RemoveResult,
  type StorageInventory,
  type StoragePort,
  type StoredFile,
} from './port';
import { isSafeKey } from './local';

// The service role key bypasses every policy: this module must never reach a browser bundle.
// ('server-only' would do, but it throws outside Next, in tests and scripts.)
if (typeof window !== 'undefined') throw new Error('lib/storage/supabase-adapter is server-only');

/** Served display images and thumbnails (public bucket, long-cached). */
export const PUBLIC_BUCKET = 'gallery-images';
/** Uploaded originals, which may carry camera and GPS metadata: private, never served. */
export const PRIVATE_BUCKET = 'artwork-originals';

const NOT_FOUND = 'The resource was not found';
const YEAR_SECONDS = String(60 * 60 * 24 * 365);
/** Entries per list request (Storage's v1 list pages by offset). */
const LIST_PAGE = 1000;

export type SupabaseStorageOptions = {
  url: string;
  serviceRoleKey: string;
  /** For tests and instrumentation; defaults to the global fetch. */
  fetch?: typeof fetch;
};

/** Only Storage is used: the helpers below take it, not the whole client. */
type StorageClient = SupabaseClient['storage'];
type Target = { bucket: string; key: string };

async function put(storage: StorageClient, bucket: string, key: string, data: Uint8Array, contentType: string) {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  const { error } = await storage.from(bucket).upload(key, data, {
    contentType,
    cacheControl: YEAR_SECONDS,
    // Keys carry a timestamp: an existing object means a clash, never something to overwrite.
    upsert: false,
  });
  if (error) throw new Error(`Storage upload to ${bucket} failed: ${error.message}`);
}

/** The bucket and key of one of this adapter's public URLs or private references; else undefined. */
function parse(publicBase: string, urlOrRef: string): Target | undefined {
  let bucket: string;
  let key: string;
  if (urlOrRef.startsWith(publicBase)) {
    bucket = PUBLIC_BUCKET;
    key = decodeURI(urlOrRef.slice(publicBase.length));
  } else if (urlOrRef.startsWith(PRIVATE_PREFIX)) {
    bucket = PRIVATE_BUCKET;
    key = urlOrRef.slice(PRIVATE_PREFIX.length);
  } else {
    return undefined;
  }
  return isSafeKey(key) ? { bucket, key } : undefined;
}

/** Walks a bucket folder by folder: the v1 list answers one level, folders with a null id. */
async function* listBucket(
  storage: StorageClient,
  bucket: string,
  visibility: StoredFile['visibility'],
  prefix = '',
): AsyncGenerator<StoredFile> {
  for (let offset = 0; ; offset += LIST_PAGE) {
    const { data, error } = await storage
      .from(bucket)
      .list(prefix, { limit: LIST_PAGE, offset, sortBy: { column: 'name', order: 'asc' } });
    if (error) throw new Error(`Storage listing of ${bucket}/${prefix} failed: ${error.message}`);
    for (const entry of data) {
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.id === null) {
        yield* listBucket(storage, bucket, visibility, key);
        continue;
      }
      const times = [entry.created_at, entry.updated_at]
        .map((t) => (t ? Date.parse(t) : Number.NaN))
        .filter(Number.isFinite);
      // No timestamp at all: take it as new, so it is kept.
      const modifiedAt = new Date(times.length > 0 ? Math.max(...times) : Date.now());
      const size = Number((entry.metadata as { size?: unknown } | null)?.size ?? 0);
      let ref: string | null = null;
      if (isSafeKey(key))
        ref = visibility === 'public' ? storage.from(bucket).getPublicUrl(key).data.publicUrl : privateRef(key);
      yield { ref, key, visibility, size, modifiedAt };
    }
    if (data.length < LIST_PAGE) return;
  }
}

/** Removes each parsable URL or reference, one request per bucket; refuses the rest. */
async function remove(
  storage: StorageClient,
  parseRef: (urlOrRef: string) => Target | undefined,
  urlsOrRefs: string[],
): Promise<RemoveResult> {
  const result: RemoveResult = { removed: [], notFound: [], refused: [] };
  const byBucket = new Map<string, Map<string, string>>();
  for (const item of urlsOrRefs) {
    const target = parseRef(item);
    if (!target) {
      result.refused.push(item);
      continue;
    }
    const keys = byBucket.get(target.bucket) ?? new Map<string, string>();
    keys.set(target.key, item);
    byBucket.set(target.bucket, keys);
  }
  for (const [bucket, keys] of byBucket) {
    const { data, error } = await storage.from(bucket).remove([...keys.keys()]);
    if (error) {
      if (error.message === NOT_FOUND) {
        result.notFound.push(...keys.values());
        continue;
      }
      throw new Error(`Storage removal from ${bucket} failed: ${error.message}`);
    }
    // Storage answers with the objects it deleted; a missing one is simply absent.
    const deleted = new Set((data ?? []).map((object) => object.name));
    for (const [key, item] of keys) (deleted.has(key) ? result.removed : result.notFound).push(item);
  }
  return result;
}

function directUploads(storage: StorageClient): DirectUploads {
  return {
    async createStagedUpload() {
      const key = `staging/${crypto.randomUUID()}`;
      const { data, error } = await storage.from(PRIVATE_BUCKET).createSignedUploadUrl(key);
      if (error || !data) throw new Error(`Storage could not sign an upload URL: ${error?.message ?? 'no answer'}`);
      return { key, uploadUrl: data.signedUrl };
    },
    async readStaged(key) {
      if (!STAGING_KEY.test(key)) return null;
      const { data, error } = await storage.from(PRIVATE_BUCKET).download(key);
      return error || !data ? null : new Uint8Array(await data.arrayBuffer());
    },
    async removeStaged(key) {
      if (!STAGING_KEY.test(key)) return;
      const { error } = await storage.from(PRIVATE_BUCKET).remove([key]);
      if (error && error.message !== NOT_FOUND)
        throw new Error(`Storage removal of a staged upload failed: ${error.message}`);
    },
  };
}

/** Supabase Storage adapter: `gallery-images` for served files, `artwork-originals` for originals. */
export function createSupabaseStorage({
  url,
  serviceRoleKey,
  fetch: customFetch,
}: SupabaseStorageOptions): StoragePort & StorageInventory & { direct: DirectUploads } {
  const client = createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket; realtime is unused here but is constructed with the client.
    realtime: { transport: WebSocket as never },
    global: customFetch ? { fetch: customFetch } : undefined,
  });
  const publicBase = client.storage.from(PUBLIC_BUCKET).getPublicUrl('').data.publicUrl.replace(/\/+$/, '') + '/';
  const parseRef = (urlOrRef: string) => parse(publicBase, urlOrRef);

  return {
    async *list() {
      yield* listBucket(client.storage, PUBLIC_BUCKET, 'public');
      yield* listBucket(client.storage, PRIVATE_BUCKET, 'private');
    },
    async putPublic(key, data, contentType) {
      await put(client.storage, PUBLIC_BUCKET, key, data, contentType);
      return client.storage.from(PUBLIC_BUCKET).getPublicUrl(key).data.publicUrl;
    },
    async putPrivate(key, data, contentType) {
      await put(client.storage, PRIVATE_BUCKET, key, data, contentType);
      return privateRef(key);
    },
    remove: (urlsOrRefs) => remove(client.storage, parseRef, urlsOrRefs),
    direct: directUploads(client.storage),
    async readPublic(url) {
      const target = parseRef(url);
      if (target?.bucket !== PUBLIC_BUCKET) return null;
      const { data, error } = await client.storage.from(PUBLIC_BUCKET).download(target.key);
      return error || !data ? null : new Uint8Array(await data.arrayBuffer());
    },
  };
}
