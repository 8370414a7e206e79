import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveArtworkRecord, type SaveDeps } from '@/lib/artworks/admin/save';
import { emptyArtworkForm, type UploadedImage } from '@/lib/artworks/admin/schema';
import type { Database } from '@/lib/db/port';
import { asSystem, type Claims } from '@/lib/db/roles';
import { artworks, pendingUploads } from '@/lib/db/schema';
import { createTestDatabase, drivers, testAccount } from '@/tests/support/db';
import { localPath } from '@/lib/storage/local';
import { createLocalStorage, parseLocalRef } from '@/lib/storage/local-adapter';
import {
  claimPendingUpload,
  recordPendingUpload,
  takeExpiredUploads,
  uploadFiles,
  uploadReferenceMessage,
} from './pending-uploads';

// The attacks of the security review, against the real save path and local storage: a save
// that names files it did not upload, or an image URL of its choosing.
const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pending-uploads-'));
const storage = createLocalStorage(root);
afterAll(() => fs.rm(root, { recursive: true, force: true }));

let counter = 0;
async function storedImage(label: string): Promise<UploadedImage> {
  const name = `${label}-${++counter}`;
  const bytes = new Uint8Array([1, 2, 3]);
  return {
    publicUrl: await storage.putPublic(`florals/${name}/display.webp`, bytes, 'image/webp'),
    image_thumb_400_url: await storage.putPublic(`florals/${name}/400.webp`, bytes, 'image/webp'),
    image_thumb_800_url: await storage.putPublic(`florals/${name}/800.webp`, bytes, 'image/webp'),
    image_original_url: await storage.putPrivate(`florals/${name}/original.jpg`, bytes, 'image/jpeg'),
    width: 1600,
    height: 1200,
    blurDataUrl: 'data:image/webp;base64,AAAA',
    checksum: 'abc',
  };
}

async function onDisk(urls: string[]): Promise<string[]> {
  const present: string[] = [];
  for (const url of urls) {
    const ref = parseLocalRef(url)!;
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

describe.each(drivers)('upload references the server issued, on %s', (driver) => {
  let db: Database;
  let owner: Claims;
  let other: Claims;
  let member: Claims;
  const deps = (claims: Claims): SaveDeps => ({ db, claims, storage, invalidate: () => {}, log: async () => {} });
  const fields = (slug: string) => ({
    ...emptyArtworkForm,
    title: slug,
    slug,
    category: 'Florals',
    imageAlt: 'A watercolour',
  });

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    owner = await testAccount(db, 'owner@example.com', { admin: true });
    other = await testAccount(db, 'second-admin@example.com', { admin: true });
    member = await testAccount(db, 'member@example.com');
  });
  afterAll(() => db.close());

  it('saves with the reference the upload issued, taking the URLs from the server’s record', async () => {
    const image = await storedImage('issued');
    const uploadId = await recordPendingUpload(db, owner, image);
    const saved = await saveArtworkRecord(deps(owner), { fields: fields('issued-piece'), image: { uploadId } });
    const [row] = await asSystem(db, 'test-setup', (sys) =>
      sys.select().from(artworks).where(eq(artworks.id, saved.id)),
    );
    expect(row?.imageUrl).toBe(image.publicUrl);
    expect(row?.imageOriginalUrl).toBe(image.image_original_url);
  });

  it('accepts a reference once', async () => {
    const uploadId = await recordPendingUpload(db, owner, await storedImage('once'));
    await saveArtworkRecord(deps(owner), { fields: fields('once-piece'), image: { uploadId } });
    await expect(
      saveArtworkRecord(deps(owner), { fields: fields('twice-piece'), image: { uploadId } }),
    ).rejects.toThrow(uploadReferenceMessage);
  });

  it('refuses URLs in place of a reference: any image_url a browser names is ignored', async () => {
    const forged = {
      uploadId: crypto.randomUUID(),
      publicUrl: 'http://127.0.0.1:5432/',
      image_original_url: 'private:florals/victim/original.jpg',
    };
    await expect(saveArtworkRecord(deps(owner), { fields: fields('forged-piece'), image: forged })).rejects.toThrow(
      uploadReferenceMessage,
    );
    const rows = await asSystem(db, 'test-setup', (sys) =>
      sys.select().from(artworks).where(eq(artworks.slug, 'forged-piece')),
    );
    expect(rows).toEqual([]);
  });

  it("a failed save removes its own upload's files and never another's", async () => {
    const victim = await storedImage('victim');
    const mine = await storedImage('mine');
    const uploadId = await recordPendingUpload(db, owner, mine);
    // A title of 201 characters fails validation after the upload was taken.
    await expect(
      saveArtworkRecord(deps(owner), {
        fields: { ...fields('bad-piece'), title: 'x'.repeat(201) },
        image: { uploadId },
      }),
    ).rejects.toThrow();
    expect(await onDisk(uploadFiles(mine))).toEqual([]);
    expect(await onDisk(uploadFiles(victim))).toEqual(uploadFiles(victim));
  });

  it("refuses another admin's reference, a non-admin, and an expired reference, deleting nothing", async () => {
    const image = await storedImage('theirs');
    const uploadId = await recordPendingUpload(db, other, image);
    await expect(claimPendingUpload(db, owner, uploadId)).rejects.toThrow(uploadReferenceMessage);
    await expect(claimPendingUpload(db, member, uploadId)).rejects.toThrow(uploadReferenceMessage);
    await asSystem(db, 'test-setup', (sys) =>
      sys
        .update(pendingUploads)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(pendingUploads.id, uploadId)),
    );
    await expect(claimPendingUpload(db, other, uploadId)).rejects.toThrow(uploadReferenceMessage);
    expect(await onDisk(uploadFiles(image))).toEqual(uploadFiles(image));
    // The expired upload's files are handed back once, to its own admin, for removal.
    expect(await takeExpiredUploads(db, owner)).toEqual([]);
    expect(await takeExpiredUploads(db, other)).toEqual(uploadFiles(image));
    expect(await takeExpiredUploads(db, other)).toEqual([]);
  });

  it('lets only an admin record an upload, in their own name', async () => {
    const image = await storedImage('member');
    await expect(recordPendingUpload(db, member, image)).rejects.toMatchObject({ cause: { code: '42501' } });
  });
});
