import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { artworkPath, categorySlug, type Category } from '@/lib/categories';
import type { Database } from '@/lib/db/port';
import { asSystem, asVisitor, type Claims } from '@/lib/db/roles';
import { artworks, logsApp, redirects } from '@/lib/db/schema';
import { createTestDatabase, drivers, testAccount } from '@/tests/support/db';
import { recordAppLog } from '@/lib/log/app-log';
import { resolveRedirectWith } from '@/lib/moved-pages/lookup';
import { createTestStorage, type TestStorage } from '@/tests/support/test-storages';
import { observeDatabase, observePorts, type PortPoint } from '@/tests/support/port-points';
import { failAt } from '@/tests/support/write-faults';
import { bulkDeleteArtworks, bulkUpdateArtworks, type BulkDeps } from './bulk';
import {
  bulkDeleteInputSchema,
  bulkUpdateInputSchema,
  type BulkDeleteInput,
  type BulkUpdateInput,
} from './bulk-schema';
import { imageFiles } from '../artworks/admin/images';

type Row = typeof artworks.$inferSelect;

describe.each(drivers)('bulk manage writes on %s', (driver) => {
  let db: Database;
  let store: TestStorage;
  let admin: Claims;
  let member: Claims;
  let invalidations: { slugs: string[]; redirects: boolean }[] = [];
  let counter = 0;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    store = await createTestStorage('local');
    admin = await testAccount(db, 'owner@example.com', { admin: true });
    member = await testAccount(db, 'member@example.com');
  });
  afterAll(async () => {
    await db.close();
    await store.close();
  });
  beforeEach(() => {
    invalidations = [];
  });

  // invalidate is a recording seam, as in save.test.ts: next/cache only runs inside a request.
  const deps = (extra: Partial<BulkDeps> = {}): BulkDeps => {
    const claims = extra.claims ?? admin;
    return {
      db,
      claims,
      storage: store.storage,
      invalidate: (change) => invalidations.push(change),
      log: (entry) => recordAppLog(db, entry, claims),
      ...extra,
    };
  };
  const update = (input: BulkUpdateInput, extra?: Partial<BulkDeps>) =>
    bulkUpdateArtworks(deps(extra), bulkUpdateInputSchema.parse(input));
  const remove = (input: BulkDeleteInput, extra?: Partial<BulkDeps>) =>
    bulkDeleteArtworks(deps(extra), bulkDeleteInputSchema.parse(input));

  /** An artwork with its four stored files, as a save leaves it. */
  async function artwork(title: string, category: Category = 'Landscapes'): Promise<Row> {
    const slug = `${title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')}-${++counter}`;
    const base = `${categorySlug(category)}/${slug}/1`;
    const bytes = new Uint8Array([1, 2, 3]);
    const [row] = await asSystem(db, 'test-setup', async (sys) =>
      sys
        .insert(artworks)
        .values({
          title,
          slug,
          category,
          price: '100',
          imageAlt: `Watercolour: ${title}`,
          imageUrl: await store.storage.putPublic(`${base}-display.webp`, bytes, 'image/webp'),
          imageThumb400Url: await store.storage.putPublic(`${base}-400.webp`, bytes, 'image/webp'),
          imageThumb800Url: await store.storage.putPublic(`${base}-800.webp`, bytes, 'image/webp'),
          imageOriginalUrl: await store.storage.putPrivate(`${base}-original.jpg`, bytes, 'image/jpeg'),
        })
        .returning(),
    );
    return row!;
  }
  const artworksTitled = (prefix: string, n: number, category?: Category) =>
    Promise.all(Array.from({ length: n }, (_, i) => artwork(`${prefix} ${i + 1}`, category)));

  const rowsOf = (ids: string[]) =>
    asSystem(db, 'test-setup', (sys) => sys.select().from(artworks).where(inArray(artworks.id, ids)));
  const redirectMap = async () =>
    Object.fromEntries(
      (await asSystem(db, 'test-setup', (sys) => sys.select().from(redirects))).map((r) => [
        r.sourcePath,
        r.destinationPath,
      ]),
    );
  const resolve = (path: string) => asVisitor(db, (tx) => resolveRedirectWith(tx, path));
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
  const slugs = (rows: { slug: string }[]) => rows.map((row) => row.slug).sort();

  /**
   * The bulk delete invariant: every selected artwork is either fully present (its row and every
   * file it refers to) or fully gone (no row), all of them the same way; and no artwork anywhere
   * refers to a file that is not stored.
   */
  async function expectAllOrNothing(selected: Row[]): Promise<'present' | 'gone'> {
    const stored = new Set(await store.refs());
    const found = new Map((await rowsOf(ids(selected))).map((row) => [row.id, row]));
    for (const row of selected)
      if (found.has(row.id)) expect(imageFiles(found.get(row.id)!).filter((file) => !stored.has(file))).toEqual([]);
    const everywhere = await asSystem(db, 'test-setup', (sys) => sys.select().from(artworks));
    expect(everywhere.flatMap(imageFiles).filter((file) => !stored.has(file))).toEqual([]);
    expect([0, selected.length]).toContain(found.size);
    return found.size === 0 ? 'gone' : 'present';
  }

  describe('bulk update', () => {
    it('changes category and price of the selected artworks, and records a redirect from each old public path, as a single edit does', async () => {
      const chosen = await artworksTitled('Marsh Light', 3);
      const bystander = await artwork('Marsh Light Bystander');
      const result = await update({
        selection: { kind: 'ids', ids: ids(chosen) },
        category: 'Seascapes',
        price: ' 450 ',
      });
      expect(result).toEqual({ count: 3, change: { category: 'Seascapes', price: '450' } });

      const after = await rowsOf(ids(chosen));
      expect(after.map((row) => [row.category, row.price])).toEqual(chosen.map(() => ['Seascapes', '450']));
      const map = await redirectMap();
      for (const row of chosen) {
        const from = `/gallery/landscapes/${row.slug}`;
        expect(map[from]).toBe(`/gallery/seascapes/${row.slug}`);
        // What a visitor's request for the old page is answered with (a 308 there).
        expect(await resolve(from)).toBe(`/gallery/seascapes/${row.slug}`);
      }
      expect((await rowsOf([bystander.id]))[0]).toMatchObject({ category: 'Landscapes', price: '100' });
      expect(map[artworkPath(bystander)]).toBeUndefined();
    });

    it('invalidates the public cache once, for every artwork it changed', async () => {
      const chosen = await artworksTitled('Once Only', 4);
      await update({ selection: { kind: 'ids', ids: ids(chosen) }, category: 'Animals' });
      expect(invalidations).toEqual([{ slugs: expect.any(Array), redirects: true }]);
      expect([...invalidations[0]!.slugs].sort()).toEqual(slugs(chosen));
    });

    it('a price change alone moves no page: no redirect, and the cache is invalidated once without redirects', async () => {
      const chosen = await artworksTitled('Price Only', 2);
      const before = await redirectMap();
      await update({ selection: { kind: 'ids', ids: ids(chosen) }, price: 'On Request' });
      expect((await rowsOf(ids(chosen))).map((row) => [row.category, row.price])).toEqual([
        ['Landscapes', 'On Request'],
        ['Landscapes', 'On Request'],
      ]);
      expect(await redirectMap()).toEqual(before);
      expect(invalidations).toEqual([{ slugs: expect.any(Array), redirects: false }]);
    });

    it('moving an artwork back collapses the chain and leaves no loop', async () => {
      const [row] = await artworksTitled('Round Trip', 1);
      await update({ selection: { kind: 'ids', ids: [row!.id] }, category: 'Buildings' });
      await update({ selection: { kind: 'ids', ids: [row!.id] }, category: 'Florals' });
      expect(await resolve(`/gallery/landscapes/${row!.slug}`)).toBe(`/gallery/florals/${row!.slug}`);
      expect(await resolve(`/gallery/buildings/${row!.slug}`)).toBe(`/gallery/florals/${row!.slug}`);
      await update({ selection: { kind: 'ids', ids: [row!.id] }, category: 'Landscapes' });
      const map = await redirectMap();
      expect(map[`/gallery/landscapes/${row!.slug}`]).toBeUndefined();
      expect(map[`/gallery/florals/${row!.slug}`]).toBe(`/gallery/landscapes/${row!.slug}`);
    });

    it('"all matching" changes every artwork whose title matches, found by the search on the server', async () => {
      const series = await artworksTitled('Tidal Series', 30);
      const others = await artworksTitled('Tidal Study', 2);
      await update({ selection: { kind: 'matching', q: 'tidal series', expected: 30 }, price: '75' });
      expect((await rowsOf(ids(series))).every((row) => row.price === '75')).toBe(true);
      expect((await rowsOf(ids(others))).every((row) => row.price === '100')).toBe(true);
      expect(invalidations).toHaveLength(1);
      expect(invalidations[0]!.slugs).toHaveLength(30);
    });

    it('searches titles literally: % and _ are not wildcards', async () => {
      const [percent] = await artworksTitled('Sale 50% Off', 1);
      await artworksTitled('Sale 500 Off', 1);
      await update({ selection: { kind: 'matching', q: '50%', expected: 1 }, price: '10' });
      expect((await rowsOf([percent!.id]))[0]?.price).toBe('10');
    });

    it('changes nothing when the selection no longer holds (an artwork deleted or added since the list loaded)', async () => {
      const chosen = await artworksTitled('Moved On', 3);
      const before = await rowsOf(ids(chosen));
      const gone = crypto.randomUUID();
      await expect(
        update({ selection: { kind: 'ids', ids: [...ids(chosen), gone] }, category: 'Animals' }),
      ).rejects.toThrow('Nothing was changed');
      await expect(
        update({ selection: { kind: 'matching', q: 'Moved On', expected: 2 }, category: 'Animals' }),
      ).rejects.toThrow('2 selected, 3 found now');
      expect(await rowsOf(ids(chosen))).toEqual(before);
      expect(invalidations).toEqual([]);
    });

    const halfWay: Record<string, (point: PortPoint) => boolean> = {
      'rows updated, redirects not yet': (point) =>
        point.kind === 'statement' && point.sql!.startsWith('delete from "redirects"'),
      'all written, not committed': (point) => point.kind === 'before-commit',
    };
    it.each(Object.keys(halfWay))(
      'a failure half-way (%s) changes nothing: no row, no redirect, no invalidation',
      async (where) => {
        const chosen = await artworksTitled(`Half Way ${where}`, 5);
        const before = await rowsOf(ids(chosen));
        const redirectsBefore = await redirectMap();
        let sawHalfWay = false;
        const failing = observeDatabase(db, async (point) => {
          if (!halfWay[where]!(point)) return;
          // Half-way for real: inside the transaction the rows already carry the new values.
          const inside = await point
            .tx!.select({ category: artworks.category })
            .from(artworks)
            .where(inArray(artworks.id, ids(chosen)));
          sawHalfWay = inside.length === 5 && inside.every((row) => row.category === 'Animals');
          throw new Error('connection lost');
        });
        await expect(
          update({ selection: { kind: 'ids', ids: ids(chosen) }, category: 'Animals', price: '999' }, { db: failing }),
        ).rejects.toThrow('connection lost');
        expect(sawHalfWay).toBe(true);
        expect(await rowsOf(ids(chosen))).toEqual(before);
        expect(await redirectMap()).toEqual(redirectsBefore);
        expect(invalidations).toEqual([]);
      },
    );

    it("refuses a non-admin's bulk update (row-level security): nothing changes", async () => {
      const chosen = await artworksTitled('Guarded Update', 2);
      await expect(
        update({ selection: { kind: 'ids', ids: ids(chosen) }, category: 'Animals' }, { claims: member }),
      ).rejects.toThrow('Nothing was changed');
      expect((await rowsOf(ids(chosen))).every((row) => row.category === 'Landscapes')).toBe(true);
    });
  });

  describe('bulk delete', () => {
    it('deletes the selected artworks, then their image files, and invalidates once', async () => {
      const chosen = await artworksTitled('Going', 3);
      const kept = await artwork('Going Nowhere');
      expect(await remove({ selection: { kind: 'ids', ids: ids(chosen) } })).toEqual({ count: 3 });
      expect(await rowsOf(ids(chosen))).toEqual([]);
      const stored = new Set(await store.refs());
      expect(chosen.flatMap(imageFiles).filter((file) => stored.has(file))).toEqual([]);
      expect(imageFiles(kept).every((file) => stored.has(file))).toBe(true);
      expect(invalidations).toHaveLength(1);
      expect(invalidations[0]!.redirects).toBe(true);
      expect([...invalidations[0]!.slugs].sort()).toEqual(slugs(chosen));
    });

    it('drops the redirects that led to the deleted artworks, and keeps the others', async () => {
      const [moved, stays] = await artworksTitled('Redirected', 2);
      await update({ selection: { kind: 'ids', ids: [moved!.id, stays!.id] }, category: 'Animals' });
      await remove({ selection: { kind: 'ids', ids: [moved!.id] } });
      const map = await redirectMap();
      expect(map[`/gallery/landscapes/${moved!.slug}`]).toBeUndefined();
      expect(map[`/gallery/landscapes/${stays!.slug}`]).toBe(`/gallery/animals/${stays!.slug}`);
    });

    it('"all matching" deletes every artwork whose title matches, and only those', async () => {
      const series = await artworksTitled('Fog Series', 12);
      const other = await artwork('Fog Study');
      await remove({ selection: { kind: 'matching', q: 'FOG SERIES', expected: 12 } });
      expect(await rowsOf(ids(series))).toEqual([]);
      expect(await rowsOf([other.id])).toHaveLength(1);
    });

    it('deletes nothing when the selection no longer holds', async () => {
      const chosen = await artworksTitled('Still Here', 2);
      await expect(remove({ selection: { kind: 'matching', q: 'Still Here', expected: 3 } })).rejects.toThrow(
        'Nothing was changed',
      );
      await expect(remove({ selection: { kind: 'ids', ids: [...ids(chosen), crypto.randomUUID()] } })).rejects.toThrow(
        'Nothing was changed',
      );
      expect(await expectAllOrNothing(chosen)).toBe('present');
    });

    it('a failure at any point of its calls leaves every artwork fully present with its images, or fully gone', async () => {
      // Its points, from a run that does not fail (tests/support/port-points.ts).
      const points: PortPoint[] = [];
      const observed = (observe: (point: PortPoint) => void): Partial<BulkDeps> => {
        const ports = observePorts({ database: db, storage: store.storage }, observe);
        return { db: ports.database, storage: ports.storage };
      };
      await remove(
        { selection: { kind: 'ids', ids: ids(await artworksTitled('Dry Run', 4)) } },
        observed((point) => void points.push(point)),
      );
      const committed = points.findIndex((point) => point.kind === 'committed');
      expect(points.map((point) => point.kind)).toEqual(
        expect.arrayContaining(['begin', 'statement', 'before-commit', 'committed', 'storage']),
      );

      for (const [index, point] of points.entries()) {
        const chosen = await artworksTitled(`Fault ${index}`, 4);
        const failure = new Error(`crash at ${point.name}`);
        const outcome = await remove(
          { selection: { kind: 'ids', ids: ids(chosen) } },
          observed(failAt((p) => p.name === point.name, failure)),
        ).then(
          () => 'done',
          (error: Error) => error.message,
        );
        // A storage call that fails is logged and left to the sweep (the next test); anything else fails the delete.
        if (point.kind !== 'storage') expect(outcome, point.name).toBe(failure.message);
        expect(await expectAllOrNothing(chosen), point.name).toBe(index >= committed ? 'gone' : 'present');
        // Whatever was left behind, trying again finishes the job (or finds nothing to do).
        if (index < committed) {
          await remove({ selection: { kind: 'ids', ids: ids(chosen) } });
          expect(await expectAllOrNothing(chosen)).toBe('gone');
        }
      }
    });

    it('storage failing half-way through the files is logged; the rows stay gone and no artwork refers to a missing file', async () => {
      const chosen = await artworksTitled('Half Stored', 3);
      let calls = 0;
      const flaky: BulkDeps['storage'] = {
        async remove(files) {
          calls++;
          await store.storage.remove(files.slice(0, 5));
          throw new Error('bucket went offline');
        },
      };
      await remove({ selection: { kind: 'ids', ids: ids(chosen) } }, { storage: flaky });
      expect(calls).toBe(1);
      expect(await expectAllOrNothing(chosen)).toBe('gone');
      const logs = await asSystem(db, 'test-setup', (sys) =>
        sys.select().from(logsApp).where(eq(logsApp.feature, 'artwork-images')),
      );
      expect(
        logs.some(
          (log) => log.level === 'error' && log.message.includes('bucket went offline') && log.userId === admin.sub,
        ),
      ).toBe(true);
    });

    it("refuses a non-admin's bulk delete (row-level security): every artwork stays with its files", async () => {
      const chosen = await artworksTitled('Guarded Delete', 2);
      await expect(remove({ selection: { kind: 'ids', ids: ids(chosen) } }, { claims: member })).rejects.toThrow(
        'Nothing was changed',
      );
      expect(await expectAllOrNothing(chosen)).toBe('present');
    });
  });
});
