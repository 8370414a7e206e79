import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asAdmin, asSystem, asUser, asVisitor, type Claims } from '@/lib/db/roles';
import { artworks, sitemapChanges, sitemapState } from '@/lib/db/schema';
import { createTestDatabase, drivers, testAccount } from '@/tests/support/db';
import { recordAppLog } from '@/lib/log/app-log';
import { createTestStorage, type TestStorage } from '@/tests/support/test-storages';
import { recordPendingUpload } from '@/lib/artworks/admin/pending-uploads';
import { bulkDeleteArtworks, bulkUpdateArtworks, type BulkDeps } from '@/lib/bulk-manage/bulk';
import { bulkDeleteInputSchema, bulkUpdateInputSchema } from '@/lib/bulk-manage/bulk-schema';
import { deleteArtworkRecord } from '@/lib/artworks/admin/delete';
import type { ArtworkWriteDeps } from '@/lib/artworks/admin/images';
import { saveArtworkRecord } from '@/lib/artworks/admin/save';
import { emptyArtworkForm, type ArtworkFormValues } from '@/lib/artworks/admin/schema';
import { observeDatabase } from '@/tests/support/port-points';
import { failAt } from '@/tests/support/write-faults';
import { artworkChangePaths, queueUrlChanges } from './changes';
import { readQueuedChanges, removeSentChanges } from './queue';

const fields = (values: Partial<ArtworkFormValues>): ArtworkFormValues => ({
  ...emptyArtworkForm,
  imageAlt: 'A watercolour',
  ...values,
});

describe('artworkChangePaths', () => {
  it("names the artwork's page and the collection listings it appears in", () => {
    expect(artworkChangePaths([{ category: 'Landscapes', slug: 'quiet-lane' }]).sort()).toEqual([
      '/gallery/all',
      '/gallery/landscapes',
      '/gallery/landscapes/quiet-lane',
    ]);
  });
  it('names both the old path (now a 308) and the new one for a move', () => {
    const paths = artworkChangePaths([
      { category: 'Landscapes', slug: 'quiet-lane' },
      { category: 'Florals', slug: 'quiet-lane-2' },
    ]);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/gallery/landscapes/quiet-lane',
        '/gallery/florals/quiet-lane-2',
        '/gallery/landscapes',
        '/gallery/florals',
      ]),
    );
  });
});

describe.each(drivers)('the changed-address queue on %s', (driver) => {
  let db: Database;
  let store: TestStorage;
  let admin: Claims;
  let member: Claims;
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
  beforeEach(() => asSystem(db, 'test-setup', (sys) => sys.delete(sitemapChanges)));

  const deps = (extra: Partial<ArtworkWriteDeps> = {}): ArtworkWriteDeps => ({
    db,
    claims: admin,
    storage: store.storage,
    invalidate: () => {},
    log: (entry) => recordAppLog(db, entry, admin),
    ...extra,
  });
  const bulkDeps = (): BulkDeps => ({
    db,
    claims: admin,
    storage: store.storage,
    invalidate: () => {},
    log: (entry) => recordAppLog(db, entry, admin),
  });
  const queued = async () =>
    (await asSystem(db, 'test-setup', (sys) => sys.select({ path: sitemapChanges.path }).from(sitemapChanges)))
      .map((r) => r.path)
      .sort();
  async function seeded(slug: string, category = 'Landscapes') {
    const [row] = await asSystem(db, 'test-setup', (sys) =>
      sys.insert(artworks).values({ title: slug, slug, category, imageAlt: 'A watercolour' }).returning(),
    );
    return row!;
  }
  async function upload() {
    const name = `img-${++counter}`;
    const bytes = new Uint8Array([1, 2, 3]);
    const image = { publicUrl: await store.storage.putPublic(`landscapes/${name}/display.webp`, bytes, 'image/webp') };
    return { ...image, uploadId: await recordPendingUpload(db, admin, image) };
  }

  it('a new artwork queues its page and its listings', async () => {
    await saveArtworkRecord(deps(), {
      fields: fields({ title: 'River Dawn', slug: 'river-dawn' }),
      image: await upload(),
    });
    expect(await queued()).toEqual(['/gallery/all', '/gallery/landscapes', '/gallery/landscapes/river-dawn']);
  });

  it('a slug and category change queues the old path (now a 308) and the new one', async () => {
    const art = await seeded('old-heron');
    await saveArtworkRecord(deps(), {
      id: art.id,
      fields: fields({ title: 'Heron', slug: 'new-heron', category: 'Animals' }),
    });
    expect(await queued()).toEqual([
      '/gallery/all',
      '/gallery/animals',
      '/gallery/animals/new-heron',
      '/gallery/landscapes',
      '/gallery/landscapes/old-heron',
    ]);
  });

  it('a delete queues the removed path', async () => {
    const art = await seeded('gone-gull', 'Seascapes');
    await deleteArtworkRecord(deps(), art.id);
    expect(await queued()).toEqual(['/gallery/all', '/gallery/seascapes', '/gallery/seascapes/gone-gull']);
  });

  it('bulk writes queue every artwork they touched, old and new paths', async () => {
    const a = await seeded('bulk-a');
    const b = await seeded('bulk-b');
    await bulkUpdateArtworks(
      bulkDeps(),
      bulkUpdateInputSchema.parse({ selection: { kind: 'ids', ids: [a.id, b.id] }, category: 'Florals' }),
    );
    expect(await queued()).toEqual([
      '/gallery/all',
      '/gallery/florals',
      '/gallery/florals/bulk-a',
      '/gallery/florals/bulk-b',
      '/gallery/landscapes',
      '/gallery/landscapes/bulk-a',
      '/gallery/landscapes/bulk-b',
    ]);
    await asSystem(db, 'test-setup', (sys) => sys.delete(sitemapChanges));
    await bulkDeleteArtworks(bulkDeps(), bulkDeleteInputSchema.parse({ selection: { kind: 'ids', ids: [a.id] } }));
    expect(await queued()).toEqual(['/gallery/all', '/gallery/florals', '/gallery/florals/bulk-a']);
  });

  it('a write that rolls back queues nothing; one that commits never loses its entry', async () => {
    const art = await seeded('rolled-back');
    // The save's one transaction fails just before its commit, then just after it (tests/support/port-points.ts).
    const failing = deps({
      db: observeDatabase(
        db,
        failAt((point) => point.kind === 'before-commit', new Error('crash before commit')),
      ),
    });
    await expect(
      saveArtworkRecord(failing, { id: art.id, fields: fields({ title: 'X', slug: 'moved-away' }) }),
    ).rejects.toThrow('crash before commit');
    expect(await queued()).toEqual([]);
    const crashAfter = deps({
      db: observeDatabase(
        db,
        failAt((point) => point.kind === 'committed', new Error('crash after commit')),
      ),
    });
    await expect(
      saveArtworkRecord(crashAfter, { id: art.id, fields: fields({ title: 'X', slug: 'moved-away' }) }),
    ).rejects.toThrow('crash after commit');
    expect(await queued()).toContain('/gallery/landscapes/moved-away');
  });

  it('removes only what was sent: a path queued again after it was read stays for the next run', async () => {
    await asAdmin(db, admin, (tx) => queueUrlChanges(tx, ['/gallery/all', '/gallery/florals']));
    const read = await asAdmin(db, admin, readQueuedChanges);
    await asAdmin(db, admin, (tx) => queueUrlChanges(tx, ['/gallery/florals']));
    await asAdmin(db, admin, (tx) => removeSentChanges(tx, read));
    expect(await queued()).toEqual(['/gallery/florals']);
  });

  it('refuses anything that is not a site path, and queues nothing of that call', async () => {
    for (const bad of ['https://evil.example/x', '//evil.example/x', 'gallery/x', '/a b', '/x?y=1']) {
      await expect(asAdmin(db, admin, (tx) => queueUrlChanges(tx, ['/gallery/all', bad]))).rejects.toThrow(
        'Not a site path',
      );
    }
    expect(await queued()).toEqual([]);
  });

  it('is for admins only: a visitor or a signed-in non-admin can neither queue nor read the queue or the run record', async () => {
    await asAdmin(db, admin, (tx) => queueUrlChanges(tx, ['/gallery/all']));
    await expect(asVisitor(db, (tx) => tx.select().from(sitemapChanges))).rejects.toThrow();
    await expect(asVisitor(db, (tx) => queueUrlChanges(tx, ['/gallery/x']))).rejects.toThrow();
    await expect(asVisitor(db, (tx) => tx.select().from(sitemapState))).rejects.toThrow();
    await expect(
      asUser(db, member, (tx) => tx.insert(sitemapState).values({ id: true, lastGeneratedAt: new Date() })),
    ).rejects.toThrow();
    await expect(
      asAdmin(db, member, (tx) => tx.insert(sitemapState).values({ id: true, lastGeneratedAt: new Date() })),
    ).rejects.toThrow();
    await expect(asUser(db, member, (tx) => queueUrlChanges(tx, ['/gallery/x']))).rejects.toThrow();
    await expect(asUser(db, member, (tx) => tx.select().from(sitemapChanges))).rejects.toThrow();
    await expect(asAdmin(db, member, (tx) => queueUrlChanges(tx, ['/gallery/x']))).rejects.toThrow();
    expect(
      await asAdmin(db, member, (tx) =>
        tx.select().from(sitemapChanges).where(eq(sitemapChanges.path, '/gallery/all')),
      ),
    ).toEqual([]);
  });
});
