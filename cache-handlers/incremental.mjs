// The page cache handler (installed by use-cache.mjs: installPageCache, below): Next's own
// FileSystemCache (pages, route handlers and their RSC payloads on disk under the dist dir,
// plus its memory LRU), with tag state made durable and shared through tag-sync.mjs.
// FileSystemCache.get already treats an APP_PAGE/APP_ROUTE entry as a miss when a tag in its
// x-next-cache-tags header (explicit tags and the implicit _N_T_ route tags) expired after the
// entry's lastModified, reading Next's in-memory tag map; this class keeps that map loaded from
// the database, records revalidateTag calls in the database, and dates each entry by when its
// render began.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { oneByteHtml } from './one-byte-html.mjs';
import { firstLoadSettled, persistTags, syncTags } from './tag-sync.mjs';

const require = createRequire(import.meta.url);
const FileSystemCache = require('next/dist/server/lib/incremental-cache/file-system-cache.js').default;

// Next's own cache debug switch (this module runs outside the app, where lib/env.ts is not loaded).
const debug = Boolean(process.env.NEXT_PRIVATE_DEBUG_CACHE);

/**
 * Why entries are dated by the start of their render. Next stamps a page entry with the time
 * it is stored (Date.now() in set, then the file's mtime). A render that read the database
 * before a write committed, and is stored after that write's invalidation, would then count
 * as newer than the invalidation and be served as current until the next write: a new
 * artwork's URL kept answering its cached 404, /gallery kept the list without it.
 *
 * Next's response cache runs at most one lookup-then-render per key at a time (its batcher
 * joins every other request for the key to the pending one), and a render that stores an
 * entry always follows that lookup. So the time of the last get for a key is the start of
 * the render its next set comes from, which is before any data that render read. Dated by
 * it, an entry whose data predates a write's commit also predates that write's invalidation
 * (the invalidation runs after the commit), and FileSystemCache treats it as expired. A later
 * request renders again from committed data. The price: a render that straddles a write is
 * thrown away once, even when its data happened to be fresh.
 */
const lookups = new Map();
// A lookup older than this is not the start of a pending render (renders finish well within
// a minute); such a set is dated by its own time, which is what Next did anyway.
const LOOKUP_TTL_MS = 5 * 60_000;
const PAGE_KINDS = new Set(['APP_PAGE', 'APP_ROUTE']);
// Page entries whose HTML is already one byte a character. FileSystemCache hands out the entry
// its memory LRU holds, so each is converted once, on its first read.
const oneByte = new WeakSet();

/** A page entry's HTML in the form Next sends fastest (one-byte-html.mjs says why). */
function withOneByteHtml(value) {
  if (value?.kind !== 'APP_PAGE' || typeof value.html !== 'string' || oneByte.has(value)) return;
  value.html = oneByteHtml(value.html);
  oneByte.add(value);
}

function noteLookup(key, now) {
  lookups.delete(key);
  lookups.set(key, now);
  // Keys are routes and their parameters: bounded by what visitors request. Forget the oldest.
  if (lookups.size > 10_000) lookups.delete(lookups.keys().next().value);
}

function renderStart(key, now) {
  const started = lookups.get(key);
  lookups.delete(key);
  return started !== undefined && now - started < LOOKUP_TTL_MS ? Math.min(started, now) : now;
}

export default class DurableFileSystemCache extends FileSystemCache {
  async get(key, ctx) {
    noteLookup(key, Date.now());
    // Once the first load has settled there is nothing to wait for: awaiting the settled promise
    // still cost every cached page a promise tick and its async hooks (about 13 µs a request).
    if (!firstLoadSettled()) await syncTags();
    const data = await super.get(key, ctx);
    withOneByteHtml(data?.value);
    if (debug) console.log('[cache] page get', ctx?.kind, key, data ? `hit lastModified=${data.lastModified}` : 'miss');
    return data;
  }

  async set(key, data, ctx) {
    if (!data || !PAGE_KINDS.has(data.kind)) return super.set(key, data, ctx);
    const started = renderStart(key, Date.now());
    if (debug)
      console.log('[cache] page set', data.kind, key, `render began ${started}`, data.headers?.['x-next-cache-tags']);
    const stored = super.set(key, data, ctx);
    // FileSystemCache.set puts the entry in its memory LRU synchronously, before its first
    // await: date it now, so no read, not even one during the disk write, sees a later date.
    const entry = FileSystemCache.memoryCache?.get(key);
    if (entry?.value === data) entry.lastModified = started;
    await stored;
    // After a restart or an eviction the entry is read back from disk, dated by its file's mtime.
    if (this.flushToDisk) await this.dateOnDisk(key, data.kind, started);
  }

  async dateOnDisk(key, kind, started) {
    const file =
      kind === 'APP_ROUTE' ? this.getFilePath(`${key}.body`, 'APP_ROUTE') : this.getFilePath(`${key}.html`, 'APP_PAGE');
    const seconds = started / 1000;
    try {
      await fs.utimes(file, seconds, seconds);
    } catch (error) {
      // Without its date the entry could outlive an invalidation: drop it from disk instead.
      console.error('[cache] could not date a cached page; removing it', key, error);
      await fs.rm(file, { force: true });
    }
  }

  async revalidateTag(tags, durations) {
    const list = typeof tags === 'string' ? [tags] : tags;
    await super.revalidateTag(list, durations);
    if (debug) console.log('[cache] revalidateTag', list, durations);
    await persistTags(list);
  }
}

// Where Next's IncrementalCache (its own copy and the one bundled in each route runtime) looks
// for a page cache class when next.config.ts names no `cacheHandler`: read as each request's
// cache is made, with no import. Named in `cacheHandler` instead, the file is import()ed anew
// three times a request, about 15% of a cached page's throughput
// (docs/decisions/0017-page-cache-without-import.md).
const NEXT_CACHE_HANDLERS = Symbol.for('@next/cache-handlers');

/** Makes DurableFileSystemCache the page cache of every IncrementalCache Next makes from now on. */
export function installPageCache() {
  const holder = /** @type {Record<symbol, { FetchCache?: unknown } | undefined>} */ (globalThis);
  holder[NEXT_CACHE_HANDLERS] ??= {};
  holder[NEXT_CACHE_HANDLERS].FetchCache = DurableFileSystemCache;
}
