import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertLocalUser } from '@/lib/users/users';
import type { Database } from '@/lib/db/port';
import { asSystem, type Claims } from '@/lib/db/roles';
import { artworks, logsApp, redirects } from '@/lib/db/schema';
import { createTestDatabase, drivers } from '@/tests/support/db';
import { recordAppLog } from '@/lib/log/app-log';
import { localPath } from '@/lib/storage/local';
import { createLocalStorage, parseLocalRef } from '@/lib/storage/local-adapter';
import { deleteArtworkRecord } from './delete';
import type { ArtworkWriteDeps } from './images';
import { recordPendingUpload, uploadReferenceMessage } from '@/lib/artworks/admin/pending-uploads';
import { observeDatabase } from '@/tests/support/port-points';
import { failAt } from '@/tests/support/write-faults';
import { saveArtworkRecord, type SaveDeps } from './save';
import { emptyArtworkForm, type ArtworkFormValues, type UploadedImage } from './schema';

// Image files live in the real local storage adapter, in a folder of this test's own, so a test
// asserts what is left on disk rather than what a stand-in was asked to do.
const root = await fs.mkdtemp(path.join(os.tmpdir(), 'artwork-save-'));
const storage = createLocalStorage(root);
afterAll(() => fs.rm(root, { recursive: true, force: true }));

let counter = 0;
/** Records an upload as the upload route does (set per driver below); answers its uploadId. */
let issue: (image: UploadedImage) => Promise<string>;
/**
 * Stores the four files of an upload and records it, as the upload route does, and answers
 * what it answers: the stored image and the uploadId a save sends back.
 */
async function upload(label = 'img'): Promise<UploadedImage & { uploadId: string }> {
  const name = `${label}-${++counter}`;
  const bytes = new Uint8Array([1, 2, 3]);
  const image = {
    publicUrl: await storage.putPublic(`landscapes/${name}/display.webp`, bytes, 'image/webp'),
    image_thumb_400_url: await storage.putPublic(`landscapes/${name}/400.webp`, bytes, 'image/webp'),
    image_thumb_800_url: await storage.putPublic(`landscapes/${name}/800.webp`, bytes, 'image/webp'),
    image_original_url: await storage.putPrivate(`landscapes/${name}/original.jpg`, bytes, 'image/jpeg'),
    width: 1600,
    height: 1200,
    blurDataUrl: 'data:image/webp;base64,AAAA',
    checksum: 'abc',
  };
  return { ...image, uploadId: await issue(image) };
}

const filesOf = (image: UploadedImage) => [
  image.publicUrl,
  image.image_thumb_400_url!,
  image.image_thumb_800_url!,
  image.image_original_url!,
];

/** Which of these stored files are still on disk. */
async function onDisk(urls: string[]): Promise<string[]> {
  const present: string[] = [];
  for (const url of urls) {
    const ref = parseLocalRef(url);
    if (!ref) throw new Error(`not a local storage URL: ${url}`);
    if (
      await fs.access(localPath(root, ref.visibility, ref.key)).then(
        () => true,
        () => false,
      )
    )
      present.push(url);
  }
  return present;
}

const fields = (values: Partial<ArtworkFormValues>): ArtworkFormValues => ({
  ...emptyArtworkForm,
  imageAlt: 'A watercolour',
  ...values,
});

describe.each(drivers)('saving and deleting artworks on %s', (driver) => {
  let db: Database;
  let admin: Claims;
  let member: Claims;
  const invalidations: { slugs: string[]; redirects: boolean }[] = [];

  // invalidate stays a recording seam: next/cache's updateTag only runs inside a Next request.
  // What it records is the project's own decision (which tags); lib/cache/durability.test.ts
  // proves the real invalidation path against running servers.
  function deps(extra: Partial<SaveDeps> = {}): SaveDeps {
    const claims = extra.claims ?? admin;
    return {
      db,
      claims,
      storage,
      invalidate: (change) => invalidations.push(change),
      log: (entry) => recordAppLog(db, entry, claims),
      ...extra,
    };
  }

  const row = (id: string) =>
    asSystem(db, 'test-setup', async (sys) => (await sys.select().from(artworks).where(eq(artworks.id, id)))[0]);

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    const a = await upsertLocalUser(db, { email: 'owner@example.com', password: 'owner password', admin: true });
    const m = await upsertLocalUser(db, { email: 'member@example.com', password: 'member password' });
    admin = { sub: a.id, email: 'owner@example.com', role: 'authenticated' };
    member = { sub: m.id, email: 'member@example.com', role: 'authenticated' };
    issue = (image) => recordPendingUpload(db, admin, image);
  });
  afterAll(() => db.close());

  it('creates an artwork with status published and published_at now, and invalidates its pages', async () => {
    const before = Date.now();
    const image = await upload();
    const result = await saveArtworkRecord(deps(), {
      fields: fields({ title: 'River Dawn', slug: 'river-dawn', keywords: 'a, ,b' }),
      image,
    });
    expect(result).toMatchObject({
      slug: 'river-dawn',
      path: '/gallery/landscapes/river-dawn',
      created: true,
      slugAdjusted: false,
    });
    const saved = await row(result.id);
    expect(saved?.status).toBe('published');
    expect(saved?.publishedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(saved?.keywords).toEqual(['a', 'b']);
    expect(saved?.imageWidth).toBe(1600);
    expect(invalidations.at(-1)).toEqual({ slugs: ['river-dawn'], redirects: true });
    expect(await onDisk(filesOf(image))).toEqual(filesOf(image));
  });

  it('appends -2 when the slug is taken, and says the slug was adjusted', async () => {
    const result = await saveArtworkRecord(deps(), {
      fields: fields({ title: 'River Dawn', slug: 'river-dawn' }),
      image: await upload(),
    });
    expect(result.slug).toBe('river-dawn-2');
    expect(result.slugAdjusted).toBe(true);
  });

  it('derives the slug from the title when the typed slug cleans to nothing, and calls only a clash an adjustment', async () => {
    const bangs = await saveArtworkRecord(deps(), {
      fields: fields({ title: 'Lark Song', slug: '!!!' }),
      image: await upload(),
    });
    expect(bangs).toMatchObject({ slug: 'lark-song', path: '/gallery/landscapes/lark-song', slugAdjusted: false });
    // Cleaning is not adjusting: 'Lark  Song!' asks for lark-song, which is taken now.
    const messy = await saveArtworkRecord(deps(), {
      fields: fields({ title: 'Wren', slug: 'Wren Song!' }),
      image: await upload(),
    });
    expect(messy).toMatchObject({ slug: 'wren-song', slugAdjusted: false });
    const clash = await saveArtworkRecord(deps(), {
      fields: fields({ title: 'Lark Song', slug: 'Lark  Song!' }),
      image: await upload(),
    });
    expect(clash).toMatchObject({ slug: 'lark-song-2', slugAdjusted: true });
  });

  it('says where the artwork was when an edit moved it (that address now redirects)', async () => {
    const made = await saveArtworkRecord(deps(), {
      fields: fields({ title: 'Kestrel', slug: 'kestrel' }),
      image: await upload(),
    });
    expect(made.movedFrom).toBeUndefined();
    const same = await saveArtworkRecord(deps(), {
      id: made.id,
      fields: fields({ title: 'Kestrel at dusk', slug: 'kestrel' }),
    });
    expect(same.movedFrom).toBeUndefined();
    const renamed = await saveArtworkRecord(deps(), {
      id: made.id,
      fields: fields({ title: 'Kestrel', slug: 'kestrel-hovering' }),
    });
    expect(renamed).toMatchObject({
      movedFrom: '/gallery/landscapes/kestrel',
      path: '/gallery/landscapes/kestrel-hovering',
    });
    const moved = await saveArtworkRecord(deps(), {
      id: made.id,
      fields: fields({ title: 'Kestrel', slug: 'kestrel-hovering', category: 'Animals' }),
    });
    expect(moved).toMatchObject({
      movedFrom: '/gallery/landscapes/kestrel-hovering',
      path: '/gallery/animals/kestrel-hovering',
    });
  });

  it('cuts a long slug to 58 characters, keeping the suffix within 58', async () => {
    const long = 'a-very-long-title-about-the-quiet-hills-of-south-london-in-the-early-morning';
    const first = await saveArtworkRecord(deps(), {
      fields: fields({ title: 'Long', slug: long }),
      image: await upload(),
    });
    expect(first.slug.length).toBeLessThanOrEqual(58);
    expect(long.startsWith(first.slug)).toBe(true);
    const second = await saveArtworkRecord(deps(), {
      fields: fields({ title: 'Long', slug: long }),
      image: await upload(),
    });
    expect(second.slug.length).toBeLessThanOrEqual(58);
    expect(second.slug.endsWith('-2')).toBe(true);
  });

  it('gives concurrent saves of the same title distinct slugs', async () => {
    const saves = await Promise.all(
      [1, 2, 3].map(async () =>
        saveArtworkRecord(deps(), {
          fields: fields({ title: 'Twin Peaks', slug: 'twin-peaks' }),
          image: await upload(),
        }),
      ),
    );
    const slugs = saves.map((s) => s.slug).sort();
    expect(slugs).toEqual(['twin-peaks', 'twin-peaks-2', 'twin-peaks-3']);
  });

  it('excludes the record itself from the slug check on an edit', async () => {
    const created = await saveArtworkRecord(deps(), {
      fields: fields({ title: 'Still Pond', slug: 'still-pond' }),
      image: await upload(),
    });
    const edited = await saveArtworkRecord(deps(), {
      id: created.id,
      fields: fields({ title: 'Still Pond at Noon', slug: 'still-pond' }),
    });
    expect(edited).toMatchObject({ slug: 'still-pond', created: false, slugAdjusted: false });
    expect((await row(created.id))?.title).toBe('Still Pond at Noon');
  });

  it('records a redirect when the slug or category changes, and collapses chains A→B→C', async () => {
    const a = await saveArtworkRecord(deps(), {
      fields: fields({ title: 'Heron', slug: 'heron-a' }),
      image: await upload(),
    });
    await saveArtworkRecord(deps(), { id: a.id, fields: fields({ title: 'Heron', slug: 'heron-b' }) });
    expect(invalidations.at(-1)).toEqual({ slugs: ['heron-a', 'heron-b'], redirects: true });
    await saveArtworkRecord(deps(), {
      id: a.id,
      fields: fields({ title: 'Heron', slug: 'heron-c', category: 'Animals' }),
    });
    const rows = await asSystem(db, 'test-setup', (sys) => sys.select().from(redirects));
    const map = Object.fromEntries(rows.map((r) => [r.sourcePath, r.destinationPath]));
    expect(map['/gallery/landscapes/heron-a']).toBe('/gallery/animals/heron-c');
    expect(map['/gallery/landscapes/heron-b']).toBe('/gallery/animals/heron-c');
    // Back to an earlier path: no loop, and the revived path is no longer redirected.
    await saveArtworkRecord(deps(), { id: a.id, fields: fields({ title: 'Heron', slug: 'heron-a' }) });
    const after = await asSystem(db, 'test-setup', (sys) => sys.select().from(redirects));
    const map2 = Object.fromEntries(after.map((r) => [r.sourcePath, r.destinationPath]));
    expect(map2['/gallery/landscapes/heron-a']).toBeUndefined();
    expect(map2['/gallery/landscapes/heron-b']).toBe('/gallery/landscapes/heron-a');
    expect(map2['/gallery/animals/heron-c']).toBe('/gallery/landscapes/heron-a');
    for (const r of after) expect(r.sourcePath).not.toBe(r.destinationPath);
  });

  it('removes the just-uploaded files when the save fails after the upload, and writes nothing', async () => {
    // The save fails at its insert, inside its transaction (tests/support/port-points.ts).
    const d = deps({
      db: observeDatabase(
        db,
        failAt((point) => point.sql?.startsWith('insert into "artworks"') ?? false, new Error('database went away')),
      ),
    });
    const image = await upload('doomed');
    await expect(saveArtworkRecord(d, { fields: fields({ title: 'Doomed', slug: 'doomed' }), image })).rejects.toThrow(
      'database went away',
    );
    expect(await onDisk(filesOf(image))).toEqual([]);
    const found = await asSystem(db, 'test-setup', (sys) =>
      sys.select().from(artworks).where(eq(artworks.slug, 'doomed')),
    );
    expect(found).toEqual([]);
  });

  it('removes the uploaded files when the fields fail validation on the server', async () => {
    const image = await upload();
    await expect(saveArtworkRecord(deps(), { fields: fields({ title: '', slug: 'x' }), image })).rejects.toThrow(
      'Title is required.',
    );
    expect(await onDisk(filesOf(image))).toEqual([]);
  });

  it('removes the old image files after an edit with a new image', async () => {
    const first = await upload('old');
    const created = await saveArtworkRecord(deps(), {
      fields: fields({ title: 'Old Barn', slug: 'old-barn' }),
      image: first,
    });
    const second = await upload('new');
    await saveArtworkRecord(deps(), {
      id: created.id,
      fields: fields({ title: 'Old Barn', slug: 'old-barn' }),
      image: second,
    });
    expect(await onDisk(filesOf(first))).toEqual([]);
    expect(await onDisk(filesOf(second))).toEqual(filesOf(second));
    expect((await row(created.id))?.imageUrl).toBe(second.publicUrl);
  });

  it('deletes the record, then its images', async () => {
    const image = await upload('gone');
    const created = await saveArtworkRecord(deps(), { fields: fields({ title: 'Gone', slug: 'gone' }), image });
    expect(await onDisk(filesOf(image))).toEqual(filesOf(image));
    await deleteArtworkRecord(deps(), created.id);
    expect(await row(created.id)).toBeUndefined();
    expect(await onDisk(filesOf(image))).toEqual([]);
    expect(invalidations.at(-1)).toEqual({ slugs: ['gone'], redirects: true });
  });

  it('drops the redirects that lead to a deleted artwork, and keeps every other redirect', async () => {
    const created = await saveArtworkRecord(deps(), {
      fields: fields({ title: 'Kingfisher', slug: 'kingfisher-sketch' }),
      image: await upload(),
    });
    // A slug change records /gallery/landscapes/kingfisher-sketch -> /gallery/landscapes/kingfisher.
    await saveArtworkRecord(deps(), { id: created.id, fields: fields({ title: 'Kingfisher', slug: 'kingfisher' }) });
    await asSystem(db, 'test-setup', (sys) =>
      sys.insert(redirects).values([
        { sourcePath: '/gallery/landscapes/kingfisher-study', destinationPath: '/gallery/landscapes/kingfisher' },
        { sourcePath: '/gallery/landscapes/wren-old', destinationPath: '/gallery/landscapes/wren' },
      ]),
    );
    const target = '/gallery/landscapes/kingfisher';
    const into = () =>
      asSystem(db, 'test-setup', (sys) =>
        sys.select({ source: redirects.sourcePath }).from(redirects).where(eq(redirects.destinationPath, target)),
      );
    const others = () =>
      asSystem(db, 'test-setup', (sys) =>
        sys.select().from(redirects).where(ne(redirects.destinationPath, target)).orderBy(redirects.id),
      );
    expect((await into()).map((r) => r.source).sort()).toEqual([
      '/gallery/landscapes/kingfisher-sketch',
      '/gallery/landscapes/kingfisher-study',
    ]);
    const kept = await others();
    expect(kept.map((r) => r.sourcePath)).toContain('/gallery/landscapes/wren-old');

    await deleteArtworkRecord(deps(), created.id);
    expect(await into()).toEqual([]);
    expect(await others()).toEqual(kept);
  });

  it('logs a failure removing images on delete and still leaves no row', async () => {
    const created = await saveArtworkRecord(deps(), {
      fields: fields({ title: 'Stubborn', slug: 'stubborn' }),
      image: await upload('stubborn'),
    });
    // An outage is the one thing the real adapter cannot be made to do on demand.
    const offline: ArtworkWriteDeps['storage'] = { remove: () => Promise.reject(new Error('bucket offline')) };
    const d: ArtworkWriteDeps = { ...deps(), storage: offline };
    await deleteArtworkRecord(d, created.id);
    expect(await row(created.id)).toBeUndefined();
    const logs = await asSystem(db, 'test-setup', (sys) =>
      sys.select().from(logsApp).where(eq(logsApp.feature, 'artwork-images')),
    );
    expect(
      logs.some((l) => l.level === 'error' && l.message.includes('bucket offline') && l.userId === admin.sub),
    ).toBe(true);
  });

  it("refuses a non-admin's insert, update and delete (row-level security)", async () => {
    const created = await saveArtworkRecord(deps(), {
      fields: fields({ title: 'Guarded', slug: 'guarded' }),
      image: await upload(),
    });
    const asMember = deps({ claims: member });
    const intruderImage = await upload();
    // An admin's upload reference is no use to a non-admin (the artworks insert policy itself is
    // pinned in lib/db/rls.test.ts): refused before any write, and not theirs to clean up.
    await expect(
      saveArtworkRecord(asMember, { fields: fields({ title: 'Intruder', slug: 'intruder' }), image: intruderImage }),
    ).rejects.toThrow(uploadReferenceMessage);
    await expect(
      saveArtworkRecord(asMember, { id: created.id, fields: fields({ title: 'Defaced', slug: 'defaced' }) }),
    ).rejects.toThrow('Artwork not found.');
    await expect(deleteArtworkRecord(asMember, created.id)).rejects.toThrow('Artwork not found.');
    expect((await row(created.id))?.title).toBe('Guarded');
    const intruders = await asSystem(db, 'test-setup', (sys) =>
      sys.select().from(artworks).where(eq(artworks.slug, 'intruder')),
    );
    expect(intruders).toEqual([]);
    expect(await onDisk(filesOf(intruderImage))).toEqual(filesOf(intruderImage));
  });
});
