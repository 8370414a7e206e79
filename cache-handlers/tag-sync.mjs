// Keeps Next's in-process tag map in step with app_private.cache_tags.
//
// Next 16.4.5 decides whether a cached page or 'use cache' entry may be served by comparing
// the entry's time with one in-memory map of tag invalidations (tagsManifest, a module Next
// keeps external to its runtime bundles so that every copy of the server shares it): the
// file-system page cache, the incremental cache and the built-in 'use cache' handler all read
// it. Writing every invalidation to the database and loading the database back into that map
// before cache reads makes invalidation durable (restart) and shared (several servers).
//
// This file is plain ESM because Next loads cache handlers with a bare import() outside the
// app bundle. It reaches the database through the bridge that instrumentation.ts installs
// (lib/cache/tag-store.ts); during `next build` there is no bridge and the store is empty.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** @type {{ tagsManifest: Map<string, { stale?: number; expired?: number }> }} */
const { tagsManifest } = require('next/dist/server/lib/incremental-cache/tags-manifest.external.js');

const BRIDGE = Symbol.for('watercolour.cache.tag-store');
const STATE = Symbol.for('watercolour.cache.tag-sync');
// Re-read this much before the newest change already seen: a transaction that committed late
// may carry an earlier timestamp. Re-applying a row is harmless (values only grow).
export const OVERLAP_MS = 10_000;
// The public data tags (lib/cache/tag-store.ts BOOT_TAGS; a test keeps the two lists equal).
export const BOOT_TAGS = ['artworks', 'redirects', 'stories', 'site-settings', 'shop', 'newsletter'];

const processStart = Date.now();

function state() {
  const holder = /** @type {Record<symbol, any>} */ (globalThis);
  holder[STATE] ??= {
    loaded: false,
    watermark: null,
    firstLoad: null,
    firstLoadSettled: false,
    current: null,
    poller: null,
    failing: false,
    warned: false,
    syncs: 0,
  };
  return holder[STATE];
}

function bridge() {
  return /** @type {import('../lib/cache/tag-store').TagStoreBridge | undefined} */ (
    /** @type {Record<symbol, any>} */ (globalThis)[BRIDGE]
  );
}

const isBuild = () => process.env.NEXT_PHASE === 'phase-production-build';

/** Merges database rows into Next's map; times only move forward. */
export function applyRows(rows) {
  const s = state();
  for (const row of rows) {
    const local = tagsManifest.get(row.tag) ?? {};
    const next = { ...local };
    if (row.expiredAt > 0) next.expired = Math.max(local.expired ?? 0, row.expiredAt);
    if (row.staleAt > 0) next.stale = Math.max(local.stale ?? 0, row.staleAt);
    tagsManifest.set(row.tag, next);
    if (s.watermark === null || row.updatedAt > s.watermark) s.watermark = row.updatedAt;
  }
}

/** The boot rule for this process only, when the database cannot be reached. */
function expireLocally(tags, at) {
  for (const tag of tags) {
    const local = tagsManifest.get(tag) ?? {};
    tagsManifest.set(tag, { ...local, expired: Math.max(local.expired ?? 0, at) });
  }
}

async function runSync(store) {
  const s = state();
  const since = s.loaded && s.watermark !== null ? s.watermark - OVERLAP_MS : null;
  try {
    const rows = await store.read(since);
    applyRows(rows);
    s.loaded = true;
    s.syncs++;
    s.failing = false;
  } catch (error) {
    // Serving from the last known state beats failing every request (Next's guidance), but
    // never trust what was rendered before this process started if the first load failed.
    if (!s.loaded) expireLocally(BOOT_TAGS, processStart);
    // Once per outage, not on every poll (lib/db/health.ts says when the database is back).
    if (!s.failing) console.error('[cache] could not read cache tag invalidations:', error);
    s.failing = true;
  }
}

/**
 * Brings the map up to date before a cache read, without a database round-trip on the way of
 * a cached page. The first read waits for one load of the table. After that:
 * - embedded database: this process is the only writer and keeps its own map current;
 * - shared database (several servers): a background poll every POLL_MS loads what other
 *   servers recorded, so one server's write reaches the others within about POLL_MS plus a
 *   query (lib/cache/durability.test.ts measures it). If the database is unreachable, cached
 *   pages keep being served from the last known state; a write elsewhere is impossible then.
 */
export const POLL_MS = 250;

export function syncTags() {
  const store = bridge();
  if (!store) {
    if (!isBuild()) {
      const s = state();
      if (!s.warned) {
        s.warned = true;
        console.error('[cache] tag store bridge missing: invalidations are not durable in this process');
        expireLocally(BOOT_TAGS, processStart);
      }
    }
    return Promise.resolve();
  }
  const s = state();
  if (!s.firstLoad) {
    s.firstLoad = start(store).then(() => {
      s.firstLoadSettled = true;
    });
    if (store.shared) s.firstLoad.then(() => poll(store));
  }
  return s.firstLoad;
}

/**
 * Whether the first load has settled (loaded, or failed and the boot rule applied): from then
 * on syncTags() resolves at once, so a cache read need not wait on it.
 */
export function firstLoadSettled() {
  return state().firstLoadSettled;
}

function poll(store) {
  const s = state();
  if (s.poller) return;
  s.poller = setInterval(() => {
    s.current ??= start(store);
  }, POLL_MS);
  // The poll never keeps a process alive on its own (scripts, tests).
  s.poller.unref?.();
}

function start(store) {
  const s = state();
  const run = runSync(store).finally(() => {
    if (s.current === run) s.current = null;
  });
  s.current = run;
  return run;
}

/** Writes the current local state of `tags` (just updated by Next) to the database. */
export async function persistTags(tags) {
  const store = bridge();
  if (!store) return;
  const rows = [...new Set(tags)].map((tag) => {
    const entry = tagsManifest.get(tag) ?? {};
    return { tag, expiredAt: entry.expired ?? 0, staleAt: entry.stale ?? 0 };
  });
  try {
    await store.write(rows);
  } catch (error) {
    // The write itself is committed; say loudly that other servers and a restart may not
    // see its invalidation (the boot rule still covers restarts).
    console.error('[cache] could not record cache tag invalidations', tags, error);
    throw error;
  }
}

/**
 * Expires `tags` now, from code that runs outside any request (a server timer), where Next's
 * revalidateTag cannot be called: in this process's map, then in the database for the others.
 */
export async function expireTagsNow(tags) {
  expireLocally(tags, Date.now());
  await persistTags(tags);
}

/** For tests and diagnostics. */
export function tagSyncStats() {
  const s = state();
  return { loaded: s.loaded, watermark: s.watermark, syncs: s.syncs, polling: s.poller !== null };
}

/** For tests: forget everything, stop the poll. */
export function resetTagSync() {
  const s = state();
  if (s.poller) clearInterval(s.poller);
  /** @type {Record<symbol, any>} */ (globalThis)[STATE] = undefined;
}

export { tagsManifest };
