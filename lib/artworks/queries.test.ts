import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/port';
import { eq } from 'drizzle-orm';
import { asSystem, asVisitor } from '@/lib/db/roles';
import { artworks } from '@/lib/db/schema';
import { createTestDatabase, drivers } from '@/tests/support/db';
import { getPublishedArtworkBySlug, listPublishedArtworks, searchPublishedArtworks } from './queries';

describe.each(drivers)('artwork queries on %s', (driver) => {
  let db: Database;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    const base = Date.UTC(2026, 0, 1);
    await asSystem(db, 'test-setup', (sys) =>
      sys.insert(artworks).values([
        ...Array.from({ length: 30 }, (_, i) => ({
          title: `Tide Study ${i + 1}`,
          slug: `tide-study-${i + 1}`,
          category: i % 2 ? 'Seascapes' : 'Landscapes',
          description: i === 3 ? 'Gulls over the shingle at Whitstable' : 'Soft washes of grey and blue',
          tags: ['sea'],
          createdAt: new Date(base + i * 60_000),
          publishedAt: new Date(base),
        })),
        { title: 'Draft', slug: 'draft-piece', status: 'draft' as const, category: 'Landscapes' },
        { title: 'Archived', slug: 'archived-piece', isArchived: true, category: 'Landscapes' },
      ]),
    );
  });
  afterAll(() => db.close());

  it('lists published artworks newest first in bounded pages', async () => {
    const page = await asVisitor(db, (tx) => listPublishedArtworks(tx, { page: 1, pageSize: 12 }));
    expect(page.total).toBe(30);
    expect(page.pageCount).toBe(3);
    expect(page.items).toHaveLength(12);
    expect(page.items[0]!.slug).toBe('tide-study-30');
    const last = await asVisitor(db, (tx) => listPublishedArtworks(tx, { page: 3, pageSize: 12 }));
    expect(last.items.map((a) => a.slug)).toContain('tide-study-1');
    expect(last.items).toHaveLength(6);
  });

  it('filters by category and never shows drafts or archived artworks', async () => {
    const page = await asVisitor(db, (tx) => listPublishedArtworks(tx, { category: 'Landscapes', pageSize: 100 }));
    expect(page.total).toBe(15);
    expect(page.items.every((a) => a.category === 'Landscapes')).toBe(true);
    expect(page.items.map((a) => a.slug)).not.toContain('draft-piece');
    expect(await asVisitor(db, (tx) => getPublishedArtworkBySlug(tx, 'archived-piece'))).toBeNull();
    expect((await asVisitor(db, (tx) => getPublishedArtworkBySlug(tx, 'tide-study-4')))?.title).toBe('Tide Study 4');
  });

  it('finds artworks by full-text search over title, description and tags', async () => {
    const hits = await asVisitor(db, (tx) => searchPublishedArtworks(tx, 'gulls shingle'));
    expect(hits.map((a) => a.slug)).toEqual(['tide-study-4']);
    expect(await asVisitor(db, (tx) => searchPublishedArtworks(tx, 'draft'))).toEqual([]);
  });

  it('keeps page counts right through publish, archive, recategorise and delete', async () => {
    const total = async (category?: string) =>
      (await asVisitor(db, (tx) => listPublishedArtworks(tx, { category }))).total;
    await asSystem(db, 'test-setup', (sys) =>
      sys.update(artworks).set({ status: 'published' }).where(eq(artworks.slug, 'draft-piece')),
    );
    expect(await total()).toBe(31);
    expect(await total('Landscapes')).toBe(16);
    await asSystem(db, 'test-setup', (sys) =>
      sys.update(artworks).set({ category: 'Animals' }).where(eq(artworks.slug, 'draft-piece')),
    );
    expect(await total('Landscapes')).toBe(15);
    expect(await total('Animals')).toBe(1);
    await asSystem(db, 'test-setup', (sys) =>
      sys.update(artworks).set({ isArchived: true }).where(eq(artworks.slug, 'tide-study-2')),
    );
    expect(await total()).toBe(30);
    await asSystem(db, 'test-setup', (sys) => sys.delete(artworks).where(eq(artworks.slug, 'draft-piece')));
    expect(await total()).toBe(29);
    expect(await total('Animals')).toBe(0);
  });
});
