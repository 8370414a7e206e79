import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem, asVisitor } from '@/lib/db/roles';
import { artworks, redirects } from '@/lib/db/schema';
import { createTestDatabase, drivers } from '@/tests/support/db';
import { followRedirects, MAX_REDIRECT_HOPS } from './follow';
import { resolveRedirectWith } from './lookup';

describe('followRedirects', () => {
  const table = (entries: Record<string, string>) => async (path: string) => entries[path] ?? null;

  it('collapses a chain to its final destination', async () => {
    expect(await followRedirects('/a', table({ '/a': '/b', '/b': '/c', '/c': '/d' }))).toBe('/d');
  });

  it('answers null for a path with no redirect', async () => {
    expect(await followRedirects('/a', table({ '/b': '/c' }))).toBeNull();
  });

  it('never loops: a chain that cycles answers no redirect at all', async () => {
    expect(await followRedirects('/a', table({ '/a': '/b', '/b': '/c', '/c': '/b' }))).toBeNull();
    expect(await followRedirects('/a', table({ '/a': '/b', '/b': '/a' }))).toBeNull();
    expect(await followRedirects('/a', table({ '/a': '/a' }))).toBeNull();
  });

  it(`follows up to ${MAX_REDIRECT_HOPS} hops and gives up on longer chains`, async () => {
    const chain = (length: number) => async (path: string) => (path.length <= length ? `${path}x` : null);
    expect(await followRedirects('/', chain(MAX_REDIRECT_HOPS))).toBe(`/${'x'.repeat(MAX_REDIRECT_HOPS)}`);
    let lookups = 0;
    const endless = async (path: string) => {
      lookups++;
      return `${path}x`;
    };
    expect(await followRedirects('/a', endless)).toBeNull();
    expect(lookups).toBe(MAX_REDIRECT_HOPS + 1);
  });

  it('stops at a live page instead of following a stale redirect away from it', async () => {
    const live = async (path: string) => path === '/b';
    expect(await followRedirects('/a', table({ '/a': '/b', '/b': '/c' }), live)).toBe('/b');
  });

  it('refuses paths Postgres cannot store or that are not site paths', async () => {
    const lookup = table({ '/a\u0000': '/b', a: '/b' });
    expect(await followRedirects('/a\u0000', lookup)).toBeNull();
    expect(await followRedirects('a', lookup)).toBeNull();
    expect(await followRedirects(`/${'x'.repeat(400)}`, lookup)).toBeNull();
  });
});

describe.each(drivers)('resolveRedirectWith on %s', (driver) => {
  let db: Database;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    await asSystem(db, 'test-setup', async (sys) => {
      await sys.insert(artworks).values([
        { title: 'Harbour', slug: 'harbour-at-dusk', category: 'Seascapes', publishedAt: new Date() },
        { title: 'Old draft', slug: 'draft-hill', category: 'Landscapes', status: 'draft' as const },
      ]);
      await sys.insert(redirects).values([
        { sourcePath: '/gallery/seascapes/harbour', destinationPath: '/gallery/seascapes/harbour-evening' },
        { sourcePath: '/gallery/seascapes/harbour-evening', destinationPath: '/gallery/seascapes/harbour-at-dusk' },
        { sourcePath: '/gallery/seascapes/harbour-at-dusk', destinationPath: '/gallery/seascapes/somewhere-else' },
        { sourcePath: '/gallery/landscapes/loop-a', destinationPath: '/gallery/landscapes/loop-b' },
        { sourcePath: '/gallery/landscapes/loop-b', destinationPath: '/gallery/landscapes/loop-a' },
      ]);
    });
  });
  afterAll(() => db.close());

  it('serves A→C for A→B, B→C, stopping at the live artwork', async () => {
    expect(await asVisitor(db, (tx) => resolveRedirectWith(tx, '/gallery/seascapes/harbour'))).toBe(
      '/gallery/seascapes/harbour-at-dusk',
    );
  });

  it('answers null for unrecorded paths, including ones Postgres text cannot hold', async () => {
    expect(await asVisitor(db, (tx) => resolveRedirectWith(tx, '/gallery/seascapes/unknown'))).toBeNull();
    expect(await asVisitor(db, (tx) => resolveRedirectWith(tx, '/gallery/landscapes/\u0000'))).toBeNull();
  });

  it('answers no redirect for a recorded loop, so a browser is never sent round it', async () => {
    expect(await asVisitor(db, (tx) => resolveRedirectWith(tx, '/gallery/landscapes/loop-a'))).toBeNull();
    expect(await asVisitor(db, (tx) => resolveRedirectWith(tx, '/gallery/landscapes/loop-b'))).toBeNull();
  });
});
