import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nodeFs } from 'next/dist/server/lib/node-fs-methods';
import { afterEach, describe, expect, it } from 'vitest';
import type { TagInvalidation, TagInvalidationRow, TagStoreBridge } from './tag-store';
import { TAG_STORE_BRIDGE } from './tag-store';
import DurableFileSystemCache from '../../cache-handlers/incremental.mjs';
import {
  OVERLAP_MS,
  POLL_MS,
  firstLoadSettled,
  persistTags,
  resetTagSync,
  syncTags,
  tagSyncStats,
  tagsManifest,
} from '../../cache-handlers/tag-sync.mjs';
import useCacheHandler from '../../cache-handlers/use-cache.mjs';

/** A bridge over an in-memory table, counting reads, with reads that can be held open. */
function fakeStore(shared: boolean) {
  const rows = new Map<string, TagInvalidationRow>();
  const reads: (number | null)[] = [];
  let gate: Promise<void> | null = null;
  const bridge: TagStoreBridge = {
    shared,
    async read(since) {
      reads.push(since);
      const snapshot = [...rows.values()].filter((row) => since === null || row.updatedAt > since);
      if (gate) await gate;
      return snapshot;
    },
    async write(list: TagInvalidation[]) {
      for (const row of list) rows.set(row.tag, { ...row, updatedAt: Date.now() });
    },
  };
  return {
    bridge,
    rows,
    reads,
    hold() {
      let release = () => {};
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
  };
}

function install(bridge: TagStoreBridge) {
  (globalThis as Record<symbol, unknown>)[TAG_STORE_BRIDGE] = bridge;
  resetTagSync();
  tagsManifest.clear();
}

afterEach(() => {
  (globalThis as Record<symbol, unknown>)[TAG_STORE_BRIDGE] = undefined;
  resetTagSync();
  tagsManifest.clear();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with true if `promise` settles within `ms`. */
function settlesWithin(promise: Promise<unknown>, ms: number) {
  return Promise.race([promise.then(() => true), sleep(ms).then(() => false)]);
}

describe('tag sync', () => {
  it('loads everything once, then polls for recent changes on a shared database', async () => {
    const store = fakeStore(true);
    store.rows.set('artworks', { tag: 'artworks', expiredAt: 100, staleAt: 0, updatedAt: 50_000 });
    install(store.bridge);
    await syncTags();
    expect(tagsManifest.get('artworks')).toEqual({ expired: 100 });
    expect(store.reads).toEqual([null]);
    await sleep(POLL_MS + 150);
    expect(store.reads[1]).toBe(50_000 - OVERLAP_MS);
    expect(tagSyncStats().polling).toBe(true);
  });

  it("a cache read never waits on the database after the first load, and another server's write arrives within a poll", async () => {
    const store = fakeStore(true);
    install(store.bridge);
    await syncTags();
    const release = store.hold(); // the database stops answering
    // Held, the database never answers: any settling at all shows the read did not wait on it
    // (a bound of a few milliseconds would only measure how busy the machine is).
    for (let i = 0; i < 3; i++) expect(await settlesWithin(syncTags(), 1_000)).toBe(true);
    release();
    await store.bridge.write([{ tag: 'artwork:a', expiredAt: 200, staleAt: 0 }]); // another server writes
    const written = Date.now();
    while (!tagsManifest.get('artwork:a') && Date.now() - written < 2_000) await sleep(10);
    expect(tagsManifest.get('artwork:a')).toEqual({ expired: 200 });
    // Within a poll; two more of headroom for timers that fire late on a loaded machine.
    expect(Date.now() - written).toBeLessThan(3 * POLL_MS);
  });

  it('a failed first load expires the public data tags locally and is retried by the poll', async () => {
    const store = fakeStore(true);
    let failing = true;
    const read = store.bridge.read;
    store.bridge.read = (since) =>
      failing ? Promise.reject(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })) : read(since);
    install(store.bridge);
    await syncTags();
    expect(tagSyncStats().loaded).toBe(false);
    expect(tagsManifest.get('artworks')?.expired).toBeGreaterThan(0);
    failing = false;
    await sleep(POLL_MS + 150);
    expect(tagSyncStats().loaded).toBe(true);
  });

  it('does not query per request on an embedded database (this process is the only writer)', async () => {
    const store = fakeStore(false);
    install(store.bridge);
    await syncTags();
    await syncTags();
    await syncTags();
    expect(store.reads).toEqual([null]);
  });

  it('never moves a local time backwards and persists the local state', async () => {
    const store = fakeStore(true);
    install(store.bridge);
    tagsManifest.set('artworks', { expired: 500, stale: 400 });
    store.rows.set('artworks', { tag: 'artworks', expiredAt: 300, staleAt: 450, updatedAt: 1 });
    await syncTags();
    expect(tagsManifest.get('artworks')).toEqual({ expired: 500, stale: 450 });
    await persistTags(['artworks']);
    expect(store.rows.get('artworks')).toMatchObject({ expiredAt: 500, staleAt: 450 });
  });
});

describe('cache handlers', () => {
  it("'use cache' handler: refreshTags loads the store, updateTags records in it", async () => {
    const store = fakeStore(true);
    store.rows.set('artwork:x', { tag: 'artwork:x', expiredAt: 1_000, staleAt: 0, updatedAt: 1 });
    install(store.bridge);
    await useCacheHandler.refreshTags();
    expect(await useCacheHandler.getExpiration(['artwork:x', 'other'])).toBe(1_000);
    const before = Date.now();
    await useCacheHandler.updateTags(['artworks']);
    expect(store.rows.get('artworks')!.expiredAt).toBeGreaterThanOrEqual(before);
    await useCacheHandler.updateTags(['redirects'], { expire: 60 });
    expect(store.rows.get('redirects')).toMatchObject({ staleAt: expect.any(Number), expiredAt: expect.any(Number) });
    expect(store.rows.get('redirects')!.expiredAt - store.rows.get('redirects')!.staleAt).toBeGreaterThanOrEqual(
      59_000,
    );
  });

  it('page cache handler: a page whose tag another server expired is a miss; revalidateTag records', async () => {
    const store = fakeStore(true);
    install(store.bridge);
    const serverDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-fsc-'));
    const cache = new DurableFileSystemCache({ fs: nodeFs, serverDistDir, flushToDisk: true, revalidatedTags: [] });
    const key = '/route-cache/APP_PAGE/abc/$/gallery';
    const page = {
      kind: 'APP_PAGE',
      html: '<p>gallery</p>',
      rscData: Buffer.from('rsc'),
      headers: { 'x-next-cache-tags': '_N_T_/layout,_N_T_/gallery,artworks' },
      status: 200,
      postponed: undefined,
      segmentData: undefined,
    };
    await cache.set(key, page, { cacheControl: { revalidate: false, expire: undefined } });
    expect(await cache.get(key, { kind: 'APP_PAGE' })).toMatchObject({ value: { html: '<p>gallery</p>' } });

    // Another server records an invalidation of a tag the page carries: a miss within a poll.
    await sleep(5);
    await store.bridge.write([{ tag: 'artworks', expiredAt: Date.now(), staleAt: 0 }]);
    await sleep(POLL_MS + 150);
    expect(await cache.get(key, { kind: 'APP_PAGE' })).toBeNull();

    await cache.revalidateTag('artwork:y', { expire: 0 });
    expect(store.rows.get('artwork:y')!.expiredAt).toBeGreaterThan(0);
    fs.rmSync(serverDistDir, { recursive: true, force: true });
  });

  it('page cache handler: the first read waits for the first load, later reads for nothing', async () => {
    const store = fakeStore(false);
    install(store.bridge);
    const serverDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-fsc-'));
    const cache = new DurableFileSystemCache({ fs: nodeFs, serverDistDir, flushToDisk: true, revalidatedTags: [] });
    const key = '/route-cache/APP_PAGE/abc/$/gallery';
    const page = {
      kind: 'APP_PAGE',
      html: '<p>gallery</p>',
      rscData: Buffer.from('rsc'),
      headers: { 'x-next-cache-tags': '_N_T_/layout,_N_T_/gallery,artworks' },
      status: 200,
      postponed: undefined,
      segmentData: undefined,
    };
    await cache.set(key, page, { cacheControl: { revalidate: false, expire: undefined } });
    await sleep(5);
    store.rows.set('artworks', { tag: 'artworks', expiredAt: Date.now(), staleAt: 0, updatedAt: 1 });

    // As on a restarted server: the store says the page's tag was expired since, and the first
    // read is held.
    const release = store.hold();
    const first = cache.get(key, { kind: 'APP_PAGE' });
    expect(await settlesWithin(first, 300)).toBe(false);
    expect(firstLoadSettled()).toBe(false);
    release();
    expect(await first).toBeNull(); // it waited, and so never served the expired page
    expect(firstLoadSettled()).toBe(true);

    // After the first load, a read does not wait on the store, held or not.
    store.hold();
    expect(await settlesWithin(cache.get(key, { kind: 'APP_PAGE' }), 1_000)).toBe(true);
    fs.rmSync(serverDistDir, { recursive: true, force: true });
  });

  it('a failed first load settles too, so reads stop waiting on a database that is down', async () => {
    const store = fakeStore(false);
    store.bridge.read = () => Promise.reject(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }));
    install(store.bridge);
    await syncTags();
    expect(tagSyncStats().loaded).toBe(false);
    expect(firstLoadSettled()).toBe(true);
  });

  it('counts the store as empty during next build (no bridge) and never throws', async () => {
    await expect(syncTags()).resolves.toBeUndefined();
    await expect(persistTags(['artworks'])).resolves.toBeUndefined();
  });

  it('page cache handler: an entry is dated by the lookup its render followed, on disk as in memory', async () => {
    const store = fakeStore(false);
    install(store.bridge);
    const serverDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-fsc-'));
    const cache = new DurableFileSystemCache({ fs: nodeFs, serverDistDir, flushToDisk: true, revalidatedTags: [] });
    const key = '/route-cache/APP_PAGE/abc/$/artworks/new';
    const notFound = {
      kind: 'APP_PAGE',
      html: '<p>not found</p>',
      rscData: Buffer.from('rsc'),
      headers: { 'x-next-cache-tags': 'artworks,artwork:new' },
      status: 404,
      postponed: undefined,
      segmentData: undefined,
    };
    const ctx = { cacheControl: { revalidate: false, expire: undefined } };

    // A render begins (its lookup misses), reads "no such artwork", and is stored only after
    // the write that adds the artwork was committed and invalidated.
    expect(await cache.get(key, { kind: 'APP_PAGE' })).toBeNull();
    await sleep(5);
    await useCacheHandler.updateTags(['artwork:new']);
    await sleep(5);
    await cache.set(key, notFound, ctx);
    expect(await cache.get(key, { kind: 'APP_PAGE' })).toBeNull();
    // The same from disk, as after a restart (a fresh memory cache is not reachable: Next
    // keeps one per process; the file's date is what a restarted server reads).
    const file = path.join(serverDistDir, 'route-cache/APP_PAGE/abc/$/artworks/new.html');
    expect(fs.statSync(file).mtimeMs).toBeLessThan(tagsManifest.get('artwork:new')!.expired!);

    // A render that began after the invalidation is current.
    expect(await cache.get(key, { kind: 'APP_PAGE' })).toBeNull();
    await cache.set(key, { ...notFound, html: '<p>the artwork</p>', status: 200 }, ctx);
    expect(await cache.get(key, { kind: 'APP_PAGE' })).toMatchObject({ value: { html: '<p>the artwork</p>' } });
    fs.rmSync(serverDistDir, { recursive: true, force: true });
  });
});
