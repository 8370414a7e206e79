import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertLocalUser } from '@/lib/auth/users';
import type { Database } from '@/lib/db/client';
import { asSystem, type Claims } from '@/lib/db/roles';
import { artworks, logsApp, redirects } from '@/lib/db/schema';
import { createTestDatabase, drivers } from '@/lib/db/testing';
import { recordAppLog } from '@/lib/log/app-log';
import { deleteArtworkRecord } from './delete';
import type { ArtworkWriteDeps } from './images';
import { saveArtworkRecord, type SaveDeps } from './save';
import { emptyArtworkForm, type ArtworkFormValues, type UploadedImage } from './schema';

function fakeStorage(fail?: Error) {
  const removed: string[][] = [];
  return {
    removed,
    async remove(urls: string[]) {
      if (fail) throw fail;
      removed.push(urls);
      return { removed: urls, notFound: [], refused: [] };
    },
  };
}

let counter = 0;
function upload(name = `img-${++counter}`): UploadedImage {
  return {
    publicUrl: `/media/landscapes/${name}/display.webp`,
    image_thumb_400_url: `/media/landscapes/${name}/400.webp`,
    image_thumb_800_url: `/media/landscapes/${name}/800.webp`,
    image_original_url: `private:landscapes/${name}/original.jpg`,
    width: 1600,
    height: 1200,
    blurDataUrl: 'data:image/webp;base64,AAAA',
    checksum: 'abc',
  };
}

const fields = (values: Partial<ArtworkFormValues>): ArtworkFormValues => ({ ...emptyArtworkForm, imageAlt: 'A watercolour', ...values });

describe.each(drivers)('saving and deleting artworks on %s', (driver) => {
  let db: Database;
  let admin: Claims;
  let member: Claims;
  const invalidations: { slugs: string[]; redirects: boolean }[] = [];

  function deps(extra: Partial<SaveDeps> = {}): SaveDeps & { storage: ReturnType<typeof fakeStorage> } {
    const claims = extra.claims ?? admin;
    return {
      db,
      claims,
      storage: fakeStorage(),
      invalidate: (change) => invalidations.push(change),
      log: (entry) => recordAppLog(db, entry, claims),
      ...extra,
    } as SaveDeps & { storage: ReturnType<typeof fakeStorage> };
  }

  const row = (id: string) => asSystem(db, 'test-setup', async (sys) => (await sys.select().from(artworks).where(eq(artworks.id, id)))[0]);

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    const a = await upsertLocalUser(db, { email: 'owner@example.com', password: 'owner password', admin: true });
    const m = await upsertLocalUser(db, { email: 'member@example.com', password: 'member password' });
    admin = { sub: a.id, email: 'owner@example.com', role: 'authenticated' };
    member = { sub: m.id, email: 'member@example.com', role: 'authenticated' };
  });
  afterAll(() => db.close());

  it('creates an artwork with status published and published_at now, and invalidates its pages', async () => {
    const before = Date.now();
    const d = deps();
    const result = await saveArtworkRecord(d, { fields: fields({ title: 'River Dawn', slug: 'river-dawn', keywords: 'a, ,b' }), image: upload() });
    expect(result).toMatchObject({ slug: 'river-dawn', path: '/gallery/landscapes/river-dawn', created: true, slugAdjusted: false });
    const saved = await row(result.id);
    expect(saved?.status).toBe('published');
    expect(saved?.publishedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(saved?.keywords).toEqual(['a', 'b']);
    expect(saved?.imageWidth).toBe(1600);
    expect(invalidations.at(-1)).toEqual({ slugs: ['river-dawn'], redirects: true });
    expect(d.storage.removed).toEqual([]);
  });

  it('appends -2 when the slug is taken, and says the slug was adjusted', async () => {
    const result = await saveArtworkRecord(deps(), { fields: fields({ title: 'River Dawn', slug: 'river-dawn' }), image: upload() });
    expect(result.slug).toBe('river-dawn-2');
    expect(result.slugAdjusted).toBe(true);
  });

  it('cuts a long slug to 58 characters, keeping the suffix within 58', async () => {
    const long = 'a-very-long-title-about-the-quiet-hills-of-south-london-in-the-early-morning';
    const first = await saveArtworkRecord(deps(), { fields: fields({ title: 'Long', slug: long }), image: upload() });
    expect(first.slug.length).toBeLessThanOrEqual(58);
    expect(long.startsWith(first.slug)).toBe(true);
    const second = await saveArtworkRecord(deps(), { fields: fields({ title: 'Long', slug: long }), image: upload() });
    expect(second.slug.length).toBeLessThanOrEqual(58);
    expect(second.slug.endsWith('-2')).toBe(true);
  });

  it('gives concurrent saves of the same title distinct slugs', async () => {
    const saves = await Promise.all(
      [1, 2, 3].map(() => saveArtworkRecord(deps(), { fields: fields({ title: 'Twin Peaks', slug: 'twin-peaks' }), image: upload() })),
    );
    const slugs = saves.map((s) => s.slug).sort();
    expect(slugs).toEqual(['twin-peaks', 'twin-peaks-2', 'twin-peaks-3']);
  });

  it('excludes the record itself from the slug check on an edit', async () => {
    const created = await saveArtworkRecord(deps(), { fields: fields({ title: 'Still Pond', slug: 'still-pond' }), image: upload() });
    const edited = await saveArtworkRecord(deps(), { id: created.id, fields: fields({ title: 'Still Pond at Noon', slug: 'still-pond' }) });
    expect(edited).toMatchObject({ slug: 'still-pond', created: false, slugAdjusted: false });
    expect((await row(created.id))?.title).toBe('Still Pond at Noon');
  });

  it('records a redirect when the slug or category changes, and collapses chains A→B→C', async () => {
    const a = await saveArtworkRecord(deps(), { fields: fields({ title: 'Heron', slug: 'heron-a' }), image: upload() });
    await saveArtworkRecord(deps(), { id: a.id, fields: fields({ title: 'Heron', slug: 'heron-b' }) });
    expect(invalidations.at(-1)).toEqual({ slugs: ['heron-a', 'heron-b'], redirects: true });
    await saveArtworkRecord(deps(), { id: a.id, fields: fields({ title: 'Heron', slug: 'heron-c', category: 'Animals' }) });
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
    const d = deps({ beforeWrite: () => { throw new Error('database went away'); } });
    const image = upload('doomed');
    await expect(saveArtworkRecord(d, { fields: fields({ title: 'Doomed', slug: 'doomed' }), image })).rejects.toThrow('database went away');
    expect(d.storage.removed).toEqual([[image.publicUrl, image.image_thumb_400_url, image.image_thumb_800_url, image.image_original_url]]);
    const found = await asSystem(db, 'test-setup', (sys) => sys.select().from(artworks).where(eq(artworks.slug, 'doomed')));
    expect(found).toEqual([]);
  });

  it('removes the uploaded files when the fields fail validation on the server', async () => {
    const d = deps();
    await expect(saveArtworkRecord(d, { fields: fields({ title: '', slug: 'x' }), image: upload() })).rejects.toThrow('Title is required.');
    expect(d.storage.removed).toHaveLength(1);
  });

  it('removes the old image files after an edit with a new image', async () => {
    const first = upload('old');
    const created = await saveArtworkRecord(deps(), { fields: fields({ title: 'Old Barn', slug: 'old-barn' }), image: first });
    const d = deps();
    const second = upload('new');
    await saveArtworkRecord(d, { id: created.id, fields: fields({ title: 'Old Barn', slug: 'old-barn' }), image: second });
    expect(d.storage.removed).toEqual([[first.publicUrl, first.image_thumb_400_url, first.image_thumb_800_url, first.image_original_url]]);
    expect((await row(created.id))?.imageUrl).toBe(second.publicUrl);
  });

  it('deletes the record, then its images', async () => {
    const image = upload('gone');
    const created = await saveArtworkRecord(deps(), { fields: fields({ title: 'Gone', slug: 'gone' }), image });
    const d = deps();
    await deleteArtworkRecord(d, created.id);
    expect(await row(created.id)).toBeUndefined();
    expect(d.storage.removed).toEqual([[image.publicUrl, image.image_thumb_400_url, image.image_thumb_800_url, image.image_original_url]]);
    expect(invalidations.at(-1)).toEqual({ slugs: ['gone'], redirects: true });
  });

  it('logs a failure removing images on delete and still leaves no row', async () => {
    const created = await saveArtworkRecord(deps(), { fields: fields({ title: 'Stubborn', slug: 'stubborn' }), image: upload('stubborn') });
    const d: ArtworkWriteDeps = { ...deps(), storage: fakeStorage(new Error('bucket offline')) };
    await deleteArtworkRecord(d, created.id);
    expect(await row(created.id)).toBeUndefined();
    const logs = await asSystem(db, 'test-setup', (sys) => sys.select().from(logsApp).where(eq(logsApp.feature, 'artwork-images')));
    expect(logs.some((l) => l.level === 'error' && l.message.includes('bucket offline') && l.userId === admin.sub)).toBe(true);
  });

  it("refuses a non-admin's insert, update and delete (row-level security)", async () => {
    const created = await saveArtworkRecord(deps(), { fields: fields({ title: 'Guarded', slug: 'guarded' }), image: upload() });
    const asMember = deps({ claims: member });
    await expect(saveArtworkRecord(asMember, { fields: fields({ title: 'Intruder', slug: 'intruder' }), image: upload() })).rejects.toThrow();
    await expect(saveArtworkRecord(asMember, { id: created.id, fields: fields({ title: 'Defaced', slug: 'defaced' }) })).rejects.toThrow('Artwork not found.');
    await expect(deleteArtworkRecord(asMember, created.id)).rejects.toThrow('Artwork not found.');
    expect((await row(created.id))?.title).toBe('Guarded');
    const intruders = await asSystem(db, 'test-setup', (sys) => sys.select().from(artworks).where(eq(artworks.slug, 'intruder')));
    expect(intruders).toEqual([]);
    expect(asMember.storage.removed).toHaveLength(1);
  });
});
