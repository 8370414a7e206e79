import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedImage } from '@/lib/artworks/admin/schema';
import type { Database } from '@/lib/db/port';
import { asSystem, type Claims } from '@/lib/db/roles';
import { artworks, pendingUploads } from '@/lib/db/schema';
import { createTestDatabase, drivers, testAccount } from '@/tests/support/db';
import { createTestStorage, storageKinds, type TestStorage } from '@/tests/support/test-storages';
import { recordPendingUpload } from '@/lib/artworks/admin/pending-uploads';
import { addMentionedKeys } from './references';
import { sweepOrphans, type SweepStorage } from './sweep';

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

describe('keys a row mentions', () => {
  it('reads a key out of any URL around it, and out of percent-encoded text', () => {
    const keys = new Set<string>();
    addMentionedKeys(
      keys,
      '{"image_url": "/media/landscapes/fen/1-display.webp", "x": "private:landscapes/fen/1-original.jpg"}',
    );
    addMentionedKeys(
      keys,
      'https://Old-Project.supabase.co/storage/v1/object/public/gallery-images/florals/rose/2-400.webp',
    );
    addMentionedKeys(keys, 'https://cdn.example/media/animals%2Ffox%2F3-800.webp');
    for (const key of [
      'landscapes/fen/1-display.webp',
      'landscapes/fen/1-original.jpg',
      'florals/rose/2-400.webp',
      'animals/fox/3-800.webp',
    ]) {
      expect(keys.has(key), key).toBe(true);
    }
    expect(keys.has('landscapes/fen/1-800.webp')).toBe(false);
  });
});

const combos = drivers.flatMap((driver) => storageKinds.map((kind) => [driver, kind] as const));

describe.each(combos)('the orphan sweep on %s with %s storage', (driver, kind) => {
  let db: Database;
  let admin: Claims;
  let store: TestStorage;
  let counter = 0;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    admin = await testAccount(db, 'owner@example.com', { admin: true });
    store = await createTestStorage(kind);
  });
  afterAll(async () => {
    await db.close();
    await store.close();
  });

  /** Stores an upload's four files (ten bytes each), as the upload route does. */
  async function storeUpload(label: string): Promise<UploadedImage & { files: string[] }> {
    const prefix = `landscapes/${label}-${++counter}/${Date.now()}`;
    const bytes = new Uint8Array(10);
    const image = {
      publicUrl: await store.storage.putPublic(`${prefix}-display.webp`, bytes, 'image/webp'),
      image_thumb_800_url: await store.storage.putPublic(`${prefix}-800.webp`, bytes, 'image/webp'),
      image_thumb_400_url: await store.storage.putPublic(`${prefix}-400.webp`, bytes, 'image/webp'),
      image_original_url: await store.storage.putPrivate(`${prefix}-original.jpg`, bytes, 'image/jpeg'),
    };
    return { ...image, files: Object.values(image) };
  }

  async function insertArtwork(image: Partial<UploadedImage>, extra: Partial<typeof artworks.$inferInsert> = {}) {
    await asSystem(db, 'test-setup', (sys) =>
      sys.insert(artworks).values({
        title: 'Fen',
        slug: `fen-${crypto.randomUUID()}`,
        imageUrl: image.publicUrl,
        imageThumb400Url: image.image_thumb_400_url,
        imageThumb800Url: image.image_thumb_800_url,
        imageOriginalUrl: image.image_original_url,
        ...extra,
      }),
    );
  }

  async function recordPending(image: UploadedImage, expiresIn: number) {
    const id = await recordPendingUpload(db, admin, image);
    const expiresAt = new Date(Date.now() + expiresIn);
    await asSystem(db, 'test-setup', (sys) =>
      sys.update(pendingUploads).set({ expiresAt }).where(eq(pendingUploads.id, id)),
    );
  }

  const sorted = (refs: string[]) => [...refs].sort();

  it('removes old files no row refers to, and never a referenced one, however old', async () => {
    const saved = await storeUpload('saved');
    await insertArtwork(saved);
    // Saved under another host name (a Supabase project URL changed, a CDN in front): the row
    // still refers to these keys.
    const moved = await storeUpload('moved');
    const elsewhere = (ref: string) =>
      ref.startsWith('private:')
        ? ref
        : `https://old-host.example/storage/v1/object/public/gallery-images/${new URL(ref, 'http://x').pathname.split('/').slice(-3).join('/')}`;
    await insertArtwork({
      publicUrl: elsewhere(moved.publicUrl),
      image_thumb_400_url: elsewhere(moved.image_thumb_400_url!),
      image_thumb_800_url: elsewhere(moved.image_thumb_800_url!),
      image_original_url: moved.image_original_url,
    });
    // Referred to only from columns other than the image columns.
    const social = await storeUpload('social');
    await insertArtwork(
      { publicUrl: social.publicUrl },
      {
        ogImageUrl: social.image_thumb_800_url,
        schemaJson: { image: [social.image_thumb_400_url], original: social.image_original_url },
      },
    );
    const pendingLive = await storeUpload('pending-live');
    await recordPending(pendingLive, 30 * MINUTE);
    const pendingJustExpired = await storeUpload('pending-just-expired');
    await recordPending(pendingJustExpired, -10 * MINUTE);
    const pendingExpired = await storeUpload('pending-expired');
    await recordPending(pendingExpired, -2 * HOUR);
    const orphan = await storeUpload('orphan');
    await store.putForeign('Thumbs.DB');
    await store.age(3 * HOUR);
    const fresh = await storeUpload('fresh');

    const before = await store.refs();
    const expectedOrphans = sorted([...pendingExpired.files, ...orphan.files]);
    const dry = await sweepOrphans({ database: db, storage: store.storage });
    expect(sorted(dry.orphans.map((o) => o.ref))).toEqual(expectedOrphans);
    expect(dry).toMatchObject({
      apply: false,
      scanned: 33,
      referenced: 20,
      recent: 4,
      foreign: 1,
      orphanBytes: 80,
      removed: 0,
      removedBytes: 0,
      errors: [],
    });
    expect(await store.refs()).toEqual(before);

    const applied = await sweepOrphans({ database: db, storage: store.storage, apply: true });
    expect(applied).toMatchObject({ apply: true, removed: 8, removedBytes: 80, errors: [] });
    expect(sorted(applied.orphans.map((o) => o.ref))).toEqual(expectedOrphans);
    const after = await store.refs();
    expect(after).toEqual(before.filter((ref) => !expectedOrphans.includes(ref)));
    for (const kept of [saved, moved, social, pendingLive, pendingJustExpired, fresh])
      expect(after).toEqual(expect.arrayContaining(kept.files));

    // Nothing more to do: a second sweep finds nothing.
    expect((await sweepOrphans({ database: db, storage: store.storage, apply: true })).orphans).toEqual([]);
  });

  it('a file referenced by any row, or younger than the grace period, survives any sweep (property)', async () => {
    const reference = fc.constantFrom('artwork', 'pending', 'none');
    const upload = fc.record({
      reference,
      ageMinutes: fc.constantFrom(0, 30, 58, 62, 90, 600),
      expiresInMinutes: fc.constantFrom(45, -10, -58, -62, -180),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(upload, { minLength: 1, maxLength: 5 }), fc.boolean(), async (uploads, dryRun) => {
        const stored = [];
        for (const spec of uploads) {
          const image = await storeUpload('prop');
          await store.age(spec.ageMinutes * MINUTE, image.files);
          if (spec.reference === 'artwork') await insertArtwork(image);
          if (spec.reference === 'pending') await recordPending(image, spec.expiresInMinutes * MINUTE);
          stored.push({ ...spec, files: image.files });
        }
        const report = await sweepOrphans({ database: db, storage: store.storage, apply: !dryRun });
        const present = new Set(await store.refs());
        for (const spec of stored) {
          const referenced =
            spec.reference === 'artwork' || (spec.reference === 'pending' && spec.expiresInMinutes > -60);
          const old = spec.ageMinutes > 60;
          for (const file of spec.files) {
            expect(report.orphans.some((o) => o.ref === file)).toBe(!referenced && old);
            expect(present.has(file)).toBe(referenced || !old || dryRun);
          }
        }
      }),
      { numRuns: 12 },
    );
  });

  it('removes nothing when storage cannot be listed or the database cannot be read', async () => {
    const orphan = await storeUpload('unlisted');
    await store.age(3 * HOUR, orphan.files);
    const unlisted: SweepStorage = {
      remove: store.storage.remove,
      list: async function* () {
        throw new Error('listing unavailable');
      },
    };
    const blind = await sweepOrphans({ database: db, storage: unlisted, apply: true });
    expect(blind).toMatchObject({ scanned: 0, removed: 0, errors: ['Nothing removed: listing unavailable'] });

    const down: Database = {
      ...db,
      db: new Proxy(db.db, {
        get: (target, prop) =>
          prop === 'transaction' ? () => Promise.reject(new Error('database unreachable')) : Reflect.get(target, prop),
      }),
    };
    const noDb = await sweepOrphans({ database: down, storage: store.storage, apply: true });
    expect(noDb.removed).toBe(0);
    expect(noDb.errors).toEqual(['Nothing removed: database unreachable']);
    expect(await store.refs()).toEqual(expect.arrayContaining(orphan.files));
    await sweepOrphans({ database: db, storage: store.storage, apply: true });
  });

  it('reports a failed removal and carries on', async () => {
    const orphan = await storeUpload('stuck');
    await store.age(3 * HOUR, orphan.files);
    const failing: SweepStorage = {
      list: () => store.storage.list(),
      remove: () => Promise.reject(new Error('bucket offline')),
    };
    const report = await sweepOrphans({ database: db, storage: failing, apply: true });
    expect(report).toMatchObject({ removed: 0, errors: ['Removing 4 files failed: bucket offline'] });
    expect(report.orphans).toHaveLength(4);
    expect(await store.refs()).toEqual(expect.arrayContaining(orphan.files));
    await sweepOrphans({ database: db, storage: store.storage, apply: true });
  });

  it('keeps a file that a row came to refer to after the files were read, just before removing', async () => {
    const late = await storeUpload('late');
    await store.age(3 * HOUR, late.files);
    let readings = 0;
    // A save that commits between the sweep's first reading of the references and its removal.
    const racing: Database = {
      ...db,
      db: new Proxy(db.db, {
        get: (target, prop) =>
          prop === 'transaction'
            ? async (...args: Parameters<Database['db']['transaction']>) => {
                const result = await target.transaction(...args);
                if (++readings === 1) await insertArtwork(late);
                return result;
              }
            : Reflect.get(target, prop),
      }),
    };
    const report = await sweepOrphans({ database: racing, storage: store.storage, apply: true });
    expect(report.orphans.map((o) => o.ref)).toEqual(expect.arrayContaining(late.files));
    expect(report.removed).toBe(0);
    expect(await store.refs()).toEqual(expect.arrayContaining(late.files));
  });

  it('counts every stored pending upload of every admin', async () => {
    const second = await testAccount(db, `second-${++counter}@example.com`, { admin: true });
    const theirs = await storeUpload('theirs');
    await recordPendingUpload(db, second, theirs);
    await store.age(3 * HOUR, theirs.files);
    const report = await sweepOrphans({ database: db, storage: store.storage, apply: true });
    expect(report.orphans.map((o) => o.ref)).not.toEqual(expect.arrayContaining([theirs.publicUrl]));
    expect(await store.refs()).toEqual(expect.arrayContaining(theirs.files));
    // Expired for longer than the grace period, it goes.
    await asSystem(db, 'test-setup', (sys) =>
      sys
        .update(pendingUploads)
        .set({ expiresAt: sql`now() - interval '2 hours'` })
        .where(eq(pendingUploads.userId, second.sub)),
    );
    await sweepOrphans({ database: db, storage: store.storage, apply: true });
    expect(await store.refs()).not.toEqual(expect.arrayContaining([theirs.publicUrl]));
  });
});
