import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-adapter';
import type { StorageInventory, StoredFile } from './port';
import { createSupabaseStorage, PRIVATE_BUCKET, PUBLIC_BUCKET } from './supabase-adapter';
import { startStorageDouble, type StorageDouble } from '../../tests/support/supabase-storage-double';

async function all(storage: StorageInventory): Promise<StoredFile[]> {
  const files: StoredFile[] = [];
  for await (const file of storage.list()) files.push(file);
  return files.sort((a, b) => a.key.localeCompare(b.key) || a.visibility.localeCompare(b.visibility));
}

describe('listing local storage', () => {
  let root: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-list-'));
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  it('lists public and private files at any depth, with the reference a row stores, size and time', async () => {
    const store = createLocalStorage(root);
    await store.putPublic('landscapes/fen/1-display.webp', new Uint8Array(5), 'image/webp');
    await store.putPrivate('landscapes/fen/1-original.jpg', new Uint8Array(7), 'image/jpeg');
    const old = new Date('2025-01-02T03:04:05Z');
    await fs.utimes(path.join(root, 'public/landscapes/fen/1-display.webp'), old, old);
    const files = await all(store);
    expect(files).toEqual([
      {
        ref: '/media/landscapes/fen/1-display.webp',
        key: 'landscapes/fen/1-display.webp',
        visibility: 'public',
        size: 5,
        modifiedAt: old,
      },
      {
        ref: 'private:landscapes/fen/1-original.jpg',
        key: 'landscapes/fen/1-original.jpg',
        visibility: 'private',
        size: 7,
        modifiedAt: expect.any(Date),
      },
    ]);
    expect(Date.now() - files[1]!.modifiedAt.getTime()).toBeLessThan(60_000);
  });

  it('lists a name no key can have without a reference, follows no link and finds nothing in a new folder', async () => {
    expect(await all(createLocalStorage(path.join(root, 'never-written')))).toEqual([]);
    await fs.mkdir(path.join(root, 'public/Odd Folder'), { recursive: true });
    await fs.writeFile(path.join(root, 'public/Odd Folder/Thumbs.db'), 'x');
    await fs.writeFile(path.join(root, 'outside.webp'), 'x');
    await fs.symlink(path.join(root, 'outside.webp'), path.join(root, 'public/link.webp'));
    const files = await all(createLocalStorage(root));
    expect(files.map((f) => [f.key, f.ref])).toEqual([['Odd Folder/Thumbs.db', null]]);
  });
});

describe('listing Supabase storage (against the HTTP double)', () => {
  const serviceRoleKey = 'service-role-key-for-tests';
  let double: StorageDouble;
  beforeEach(async () => {
    double = await startStorageDouble({ serviceRoleKey, publicBuckets: [PUBLIC_BUCKET] });
  });
  afterEach(() => double.close());

  it('walks both buckets folder by folder, with the reference a row stores, size and time', async () => {
    const store = createSupabaseStorage({ url: double.url, serviceRoleKey });
    const url = await store.putPublic('landscapes/fen/1-display.webp', new Uint8Array(5), 'image/webp');
    await store.putPrivate('landscapes/fen/1-original.jpg', new Uint8Array(7), 'image/jpeg');
    const old = new Date('2025-01-02T03:04:05Z');
    double.objects.get(`${PUBLIC_BUCKET}/landscapes/fen/1-display.webp`)!.createdAt = old;
    expect(await all(store)).toEqual([
      { ref: url, key: 'landscapes/fen/1-display.webp', visibility: 'public', size: 5, modifiedAt: old },
      {
        ref: 'private:landscapes/fen/1-original.jpg',
        key: 'landscapes/fen/1-original.jpg',
        visibility: 'private',
        size: 7,
        modifiedAt: expect.any(Date),
      },
    ]);
  });

  it('pages through a folder of more than a thousand files', async () => {
    const store = createSupabaseStorage({ url: double.url, serviceRoleKey });
    for (let i = 0; i < 1005; i++) {
      double.objects.set(`${PRIVATE_BUCKET}/big/${String(i).padStart(4, '0')}-original.jpg`, {
        body: Buffer.alloc(1),
        contentType: 'image/jpeg',
        cacheControl: '',
        createdAt: new Date(),
      });
    }
    const files = await all(store);
    expect(files).toHaveLength(1005);
    expect(new Set(files.map((f) => f.key)).size).toBe(1005);
    expect(double.requests.filter((r) => r.path === `/storage/v1/object/list/${PRIVATE_BUCKET}`)).toHaveLength(3);
  });

  it('fails loudly when Storage cannot list, rather than answering with fewer files', async () => {
    const store = createSupabaseStorage({ url: double.url, serviceRoleKey });
    await store.putPublic('a/b/1-400.webp', new Uint8Array(1), 'image/webp');
    double.failNextList();
    await expect(all(store)).rejects.toThrow(/listing of gallery-images\/ failed: Simulated listing failure/);
  });
});
