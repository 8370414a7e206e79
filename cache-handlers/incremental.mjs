// The page cache handler (next.config.ts cacheHandler): Next's own FileSystemCache (pages,
// route handlers and their RSC payloads on disk under the dist dir, plus its memory LRU),
// with tag state made durable and shared through tag-sync.mjs. FileSystemCache.get already
// treats an APP_PAGE/APP_ROUTE entry as a miss when a tag in its x-next-cache-tags header
// (explicit tags and the implicit _N_T_ route tags) expired after the entry's lastModified,
// reading Next's in-memory tag map; this class loads the database into that map first, and
// records revalidateTag calls in the database.
import { createRequire } from 'node:module';
import { persistTags, syncTags } from './tag-sync.mjs';

const require = createRequire(import.meta.url);
const FileSystemCache = require('next/dist/server/lib/incremental-cache/file-system-cache.js').default;

// Next's own cache debug switch (this module runs outside the app, where lib/env.ts is not loaded).
const debug = Boolean(process.env.NEXT_PRIVATE_DEBUG_CACHE);

export default class DurableFileSystemCache extends FileSystemCache {
  async get(key, ctx) {
    await syncTags();
    const data = await super.get(key, ctx);
    if (debug) console.log('[cache] page get', ctx?.kind, key, data ? `hit lastModified=${data.lastModified}` : 'miss');
    return data;
  }

  async set(key, data, ctx) {
    if (debug) console.log('[cache] page set', data?.kind, key, data?.headers?.['x-next-cache-tags']);
    return super.set(key, data, ctx);
  }

  async revalidateTag(tags, durations) {
    const list = typeof tags === 'string' ? [tags] : tags;
    await super.revalidateTag(list, durations);
    if (debug) console.log('[cache] revalidateTag', list, durations);
    await persistTags(list);
  }
}
