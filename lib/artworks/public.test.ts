import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { privateArtworkColumns } from '@/lib/artworks/queries';
import { asSystem } from '@/lib/db/roles';
import { artworks } from '@/lib/db/schema';
import { createTestDatabase } from '@/tests/support/db';

// The cached public reads, called as a visitor's browser can call them (Next exposes 'use cache'
// functions as callable references), against a test database. Next's cache API is stood in for.
const scope = vi.hoisted(() => ({ db: undefined as Database | undefined, opened: 0 }));
vi.mock('server-only', () => ({}));
vi.mock('next/cache', () => ({ cacheLife: () => {}, cacheTag: () => {} }));
vi.mock('@/lib/database', () => ({
  database: async () => {
    scope.opened++;
    return scope.db!;
  },
}));

const { getGalleryPage, getPublicArtwork, searchPublicArtworks } = await import('./public');

describe('public reads called with a visitor’s own arguments', () => {
  beforeAll(async () => {
    scope.db = await createTestDatabase('pglite');
    await asSystem(scope.db, 'test-setup', (sys) =>
      sys.insert(artworks).values({
        title: 'Quiet Harbour',
        slug: 'quiet-harbour',
        category: 'Seascapes',
        aiNotes: 'internal',
        sku: 'EM-1',
        imageOriginalUrl: 'private:x.jpg',
      }),
    );
  });
  afterAll(() => scope.db!.close());

  it('answer a real request with public fields only', async () => {
    const artwork = await getPublicArtwork('quiet-harbour');
    expect(artwork?.title).toBe('Quiet Harbour');
    for (const key of privateArtworkColumns) expect(Object.keys(artwork!)).not.toContain(key);
    expect((await getGalleryPage({ category: 'Seascapes' })).total).toBe(1);
    expect(await searchPublicArtworks('harbour')).toHaveLength(1);
  });

  it('refuse what no page could ask for, without touching the database', async () => {
    const opened = scope.opened;
    const empty = { items: [], total: 0, page: 1, pageCount: 1 };
    expect(await getGalleryPage({ category: 'Secret drafts' })).toEqual(empty);
    expect(await getGalleryPage({ page: 1_000_000_000 })).toEqual(empty);
    expect(await getGalleryPage({ page: 1.5 })).toEqual(empty);
    expect(await getGalleryPage({ page: 1, pageSize: 100_000 } as never)).toEqual(empty);
    expect(await getPublicArtwork('a'.repeat(59))).toBeNull();
    expect(await getPublicArtwork({ slug: 'quiet-harbour' } as never)).toBeNull();
    expect(await searchPublicArtworks('harbour '.repeat(30))).toEqual([]);
    expect(scope.opened).toBe(opened);
  });
});
