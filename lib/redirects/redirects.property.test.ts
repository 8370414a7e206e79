import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteArtworkRecord } from '@/lib/artworks/admin/delete';
import { saveArtworkRecord, type SaveDeps } from '@/lib/artworks/admin/save';
import { emptyArtworkForm } from '@/lib/artworks/admin/schema';
import { artworkPath } from '@/lib/categories';
import type { Database } from '@/lib/db/port';
import { listRedirects } from '@/lib/redirects/record';
import { asSystem, asVisitor, type Claims } from '@/lib/db/roles';
import { artworks, redirects } from '@/lib/db/schema';
import { createTestDatabase, testAccount } from '@/tests/support/db';
import { followRedirects, MAX_REDIRECT_HOPS } from '@/lib/moved-pages/follow';
import { resolveRedirectWith } from '@/lib/moved-pages/lookup';

// Redirect chains as properties: followRedirects over arbitrary tables, and the redirects the
// real save and delete leave behind after any sequence of renames, moves and deletions.

describe('followRedirects (properties)', () => {
  const path = fc.integer({ min: 0, max: 15 }).map((n) => `/p${n}`);
  const randomTable = fc.dictionary(path, path, { maxKeys: 16 });
  // Long chains too (random tables rarely hold one over the hop budget): a list of distinct
  // paths, each redirecting to the next, optionally closed into a cycle, over a random table.
  const chainTable = fc
    .tuple(fc.uniqueArray(path, { minLength: 2, maxLength: 16 }), fc.option(fc.nat(), { nil: undefined }), randomTable)
    .map(([chain, loopTo, extra]) => {
      const entries: Record<string, string> = { ...extra };
      chain.slice(0, -1).forEach((from, i) => (entries[from] = chain[i + 1]!));
      if (loopTo === undefined) delete entries[chain.at(-1)!];
      else entries[chain.at(-1)!] = chain[loopTo % chain.length]!;
      return entries;
    });
  const table = fc.oneof(randomTable, chainTable);
  const live = fc.uniqueArray(path, { maxLength: 4 });

  /** The paths visited from `start`, following the table, until a repeat or a dead end. */
  function orbit(entries: Record<string, string>, start: string): string[] {
    const seen = [start];
    for (let next = entries[start]; next !== undefined && !seen.includes(next); next = entries[next]) seen.push(next);
    return seen;
  }

  it('answers a path on the chain that never redirects again, or null; never loops', async () => {
    await fc.assert(
      fc.asyncProperty(table, live, path, async (entries, livePaths, start) => {
        let lookups = 0;
        const lookup = async (from: string) => (lookups++, entries[from] ?? null);
        const isLive = async (to: string) => livePaths.includes(to);
        const answer = await followRedirects(start, lookup, isLive);
        expect(lookups).toBeLessThanOrEqual(MAX_REDIRECT_HOPS + 1);
        const chain = orbit(entries, start);
        if (answer === null) return;
        expect(answer).not.toBe(start);
        expect(chain).toContain(answer);
        // The browser is sent to `answer`: it must not be redirected again from there.
        expect(entries[answer] === undefined || livePaths.includes(answer)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('finds the end of every chain within the hop budget, and gives up on every cycle', async () => {
    await fc.assert(
      fc.asyncProperty(table, live, path, async (entries, livePaths, start) => {
        const answer = await followRedirects(
          start,
          async (from) => entries[from] ?? null,
          async (to) => livePaths.includes(to),
        );
        const chain = orbit(entries, start);
        // The first stop after the start: a live page, or the last path of a chain that ends.
        const stop = chain.slice(1).findIndex((p) => livePaths.includes(p));
        const last = chain.at(-1)!;
        const ends = entries[last] === undefined;
        const hops = chain.length - 1;
        if (stop >= 0 && stop < MAX_REDIRECT_HOPS) expect(answer).toBe(chain[stop + 1]);
        else if (ends && hops > 0 && hops <= MAX_REDIRECT_HOPS) expect(answer).toBe(last);
        // No redirect at all, a cycle with nothing live on it, or a chain over the budget.
        else expect(answer).toBeNull();
      }),
      { numRuns: 1000 },
    );
  });
});

describe('redirects after any sequence of renames and deletions (properties, PGlite)', () => {
  let db: Database;
  let admin: Claims;
  // No images here: nothing to remove, nothing to invalidate or log.
  const deps = (): SaveDeps => ({
    db,
    claims: admin,
    storage: { remove: async (files) => ({ removed: files, notFound: [], refused: [] }) },
    invalidate: () => {},
    log: async () => {},
  });

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    admin = await testAccount(db, 'owner@example.com', { admin: true });
  });
  afterAll(() => db.close());

  const ARTWORKS = 3;
  // Few slugs and two categories, so moves revisit old paths, each other's and their own.
  const step = fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({
        kind: fc.constant('move' as const),
        who: fc.nat({ max: ARTWORKS - 1 }),
        category: fc.constantFrom('Landscapes', 'Seascapes'),
        slug: fc.constantFrom('dawn', 'dusk', 'tide', 'hill', 'dawn-2'),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), who: fc.nat({ max: ARTWORKS - 1 }) }) },
  );

  it('leaves no chain and no cycle, and every old path leads to the page that last had it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const ids = await asSystem(db, 'test-setup', async (sys) => {
          await sys.delete(redirects);
          await sys.delete(artworks);
          const rows = await sys
            .insert(artworks)
            .values(
              Array.from({ length: ARTWORKS }, (_, i) => ({
                title: `Artwork ${i}`,
                slug: `start-${i}`,
                category: 'Landscapes',
                imageAlt: 'A watercolour',
                status: 'published' as const,
                publishedAt: new Date(),
              })),
            )
            .returning({ id: artworks.id, slug: artworks.slug, category: artworks.category });
          return rows;
        });
        // The model: each artwork's current path (undefined once deleted), and who last lived at each path.
        const current = ids.map((row) => artworkPath(row) as string | undefined);
        const lastHolder = new Map(current.map((p, i) => [p!, i]));

        for (const s of steps) {
          if (current[s.who] === undefined) continue;
          const id = ids[s.who]!.id;
          if (s.kind === 'delete') {
            await deleteArtworkRecord(deps(), id);
            current[s.who] = undefined;
            continue;
          }
          const fields = {
            ...emptyArtworkForm,
            title: `Artwork ${s.who}`,
            slug: s.slug,
            category: s.category,
            imageAlt: 'A watercolour',
          };
          const saved = await saveArtworkRecord(deps(), { id, fields });
          current[s.who] = saved.path;
          lastHolder.set(saved.path, s.who);
        }

        const live = new Set(current.filter((p): p is string => p !== undefined));
        const table = await asVisitor(db, (tx) => listRedirects(tx));
        const sources = new Set(table.map((r) => r.sourcePath));
        for (const { sourcePath, destinationPath } of table) {
          expect(destinationPath).not.toBe(sourcePath);
          // One hop: a destination is a live page, never itself redirected (no chain, no cycle).
          expect(sources.has(destinationPath)).toBe(false);
          expect(live.has(destinationPath)).toBe(true);
          expect(live.has(sourcePath)).toBe(false);
        }
        for (const [path, holder] of [...lastHolder, ['/gallery/landscapes/never-used', -1] as const]) {
          const expected = live.has(path) ? null : (current[holder] ?? null);
          const resolved = await asVisitor(db, (tx) => resolveRedirectWith(tx, path));
          expect({ path, resolved }).toEqual({ path, resolved: expected });
        }
      }),
      { numRuns: 40 },
    );
  });
});
