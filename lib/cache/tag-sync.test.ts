import { afterEach, describe, expect, it } from 'vitest';
import type { TagInvalidation, TagInvalidationRow, TagStoreBridge } from './tag-store';
import { TAG_STORE_BRIDGE } from './tag-store';
import { OVERLAP_MS, persistTags, syncTags, tagsManifest } from '../../cache-handlers/tag-sync.mjs';

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
  (globalThis as Record<symbol, unknown>)[Symbol.for('watercolour.cache.tag-sync')] = undefined;
  tagsManifest.clear();
}

afterEach(() => {
  (globalThis as Record<symbol, unknown>)[TAG_STORE_BRIDGE] = undefined;
  tagsManifest.clear();
});

describe('tag sync', () => {
  it('loads everything once, then reads only recent changes on a shared database', async () => {
    const store = fakeStore(true);
    store.rows.set('artworks', { tag: 'artworks', expiredAt: 100, staleAt: 0, updatedAt: 50_000 });
    install(store.bridge);
    await syncTags();
    expect(tagsManifest.get('artworks')).toEqual({ expired: 100 });
    await syncTags();
    expect(store.reads).toEqual([null, 50_000 - OVERLAP_MS]);
  });

  it('a caller arriving during a read waits for a read that started after it arrived', async () => {
    const store = fakeStore(true);
    install(store.bridge);
    await syncTags();
    const release = store.hold();
    const first = syncTags(); // in flight, holding a snapshot taken now
    await Promise.resolve();
    await store.bridge.write([{ tag: 'artwork:a', expiredAt: 200, staleAt: 0 }]); // another server writes
    const second = syncTags();
    const third = syncTags();
    release();
    await Promise.all([first, second, third]);
    expect(tagsManifest.get('artwork:a')).toEqual({ expired: 200 });
    // The second and third callers shared one read.
    expect(store.reads).toHaveLength(3);
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
