import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { anyValue } from '@/tests/support/hostile-values';

// Next exposes every 'use cache' function to the browser as a callable reference, with any
// argument. Each must bound its arguments before doing work: a share image was drawn (25 KB)
// and its 300-character argument logged, and every new argument made a cache entry of its own;
// resolveRedirect queried the database for any path. Which cached
// functions take arguments, and how each bounds them: lib/actions/guard-inventory.test.ts.
const scope = vi.hoisted(() => ({
  db: undefined as Database | undefined,
  opened: 0,
  artworkReads: [] as unknown[],
  tags: [] as string[],
}));
vi.mock('server-only', () => ({}));
vi.mock('next/cache', () => ({ cacheLife: () => {}, cacheTag: (...tags: string[]) => void scope.tags.push(...tags) }));
vi.mock('@/lib/database', () => ({
  database: async () => {
    scope.opened++;
    return scope.db!;
  },
}));
vi.mock('@/lib/artworks/public', () => ({
  getPublicArtwork: async (slug: unknown) => {
    scope.artworkReads.push(slug);
    return null;
  },
}));

const { artworkOgImage } = await import('@/lib/artworks/og-image');
const { resolveRedirect } = await import('@/lib/moved-pages/resolve');
const { createTestDatabase } = await import('@/tests/support/db');

/** Anything a crafted call could pass, and strings no artwork path or slug can be. */
const hostileString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 400 }),
  fc.constantFrom(
    'x'.repeat(300),
    '../../etc/passwd',
    '/gallery/../admin',
    '/gallery/a/b/c',
    '/gallery/UPPER/case',
    '/gallery/a\u0000/b',
    '/admin/setup',
    '',
  ),
);
const hostile = fc.oneof(hostileString, anyValue);

describe('cached functions bound their arguments before any work', () => {
  beforeAll(async () => {
    scope.db = await createTestDatabase('pglite');
  });
  afterAll(() => scope.db?.close());
  beforeEach(() => {
    scope.opened = 0;
    scope.artworkReads.length = 0;
    scope.tags.length = 0;
  });

  it('artworkOgImage draws nothing, reads nothing and tags nothing of its own for a slug no artwork could have', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostile.filter(
          (value) => typeof value !== 'string' || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(value) || value.length > 58,
        ),
        async (slug) => {
          expect((await artworkOgImage(slug as string)).byteLength).toBe(0);
        },
      ),
      { numRuns: 200 },
    );
    expect(scope.artworkReads).toEqual([]);
    expect(scope.tags.every((tag) => tag.length < 64)).toBe(true);
    // A plausible slug is read (and drawn from the fallback when there is no such artwork).
    expect((await artworkOgImage('the-crystal-palace-fox')).byteLength).toBeGreaterThan(0);
    expect(scope.artworkReads).toEqual(['the-crystal-palace-fox']);
  });

  it('resolveRedirect answers null without a query for anything but an artwork path', async () => {
    await fc.assert(
      fc.asyncProperty(hostile, async (path) => {
        expect(await resolveRedirect(path as string)).toBeNull();
      }),
      { numRuns: 300 },
    );
    expect(scope.opened).toBe(0);
    expect(await resolveRedirect('/gallery/landscapes/an-old-name')).toBeNull();
    expect(scope.opened).toBe(1);
  });
});
