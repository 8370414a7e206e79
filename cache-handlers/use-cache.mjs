// The 'use cache' handler (next.config.ts cacheHandlers.default). Entries stay in this
// process's memory, in Next's own size-bounded LRU handler; tag state is durable and shared
// through tag-sync.mjs: refreshTags (once per request, before its first 'use cache' read)
// loads invalidations other servers recorded, and updateTags records ours in the database.
import { createRequire } from 'node:module';
import { installPageCache } from './incremental.mjs';
import { persistTags, syncTags } from './tag-sync.mjs';

// The page cache too: Next loads this file (next.config.ts cacheHandlers) once, and awaits it
// before it makes any request's IncrementalCache, which then takes the page cache class from
// the global this installs (incremental.mjs installPageCache says why not `cacheHandler`).
installPageCache();

const require = createRequire(import.meta.url);
const { createDefaultCacheHandler } = require('next/dist/server/lib/cache-handlers/default.js');

// Next's default budget (cacheMaxMemorySize): Next does not pass its config to handler modules.
const MAX_BYTES = 50 * 1024 * 1024;
const memory = createDefaultCacheHandler(MAX_BYTES);

/** @type {import('next/cache').CacheHandler} */
const handler = {
  get: (cacheKey, softTags) => memory.get(cacheKey, softTags),
  set: (cacheKey, pendingEntry) => memory.set(cacheKey, pendingEntry),
  refreshTags: () => syncTags(),
  // Reads the map tag-sync keeps in step with the database (soft tags such as _N_T_/layout).
  getExpiration: (tags) => memory.getExpiration(tags),
  async updateTags(tags, durations) {
    await memory.updateTags(tags, durations);
    await persistTags(tags);
  },
};

export default handler;
