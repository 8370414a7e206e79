import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-adapter';

let root: string;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-local-'));
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('local storage adapter', () => {
  it('writes public files under public/ and answers their /media URL', async () => {
    const store = createLocalStorage(root);
    const url = await store.putPublic('landscapes/misty-hills/1-display.webp', new Uint8Array([1, 2, 3]), 'image/webp');
    expect(url).toBe('/media/landscapes/misty-hills/1-display.webp');
    expect([...(await fs.readFile(path.join(root, 'public/landscapes/misty-hills/1-display.webp')))]).toEqual([
      1, 2, 3,
    ]);
  });

  it('keeps originals under private/, referenced as private:{key}, never under public/', async () => {
    const store = createLocalStorage(root);
    const ref = await store.putPrivate('landscapes/misty-hills/1-original.jpg', new Uint8Array([9]), 'image/jpeg');
    expect(ref).toBe('private:landscapes/misty-hills/1-original.jpg');
    await expect(fs.stat(path.join(root, 'private/landscapes/misty-hills/1-original.jpg'))).resolves.toBeTruthy();
    await expect(fs.stat(path.join(root, 'public/landscapes/misty-hills/1-original.jpg'))).rejects.toThrow(/ENOENT/);
  });

  it('removes by URL and reference, and reports a missing file as notFound instead of throwing', async () => {
    const store = createLocalStorage(root);
    const url = await store.putPublic('florals/rose/2-400.webp', new Uint8Array([1]), 'image/webp');
    const ref = await store.putPrivate('florals/rose/2-original.png', new Uint8Array([1]), 'image/png');
    const result = await store.remove([url, ref, '/media/florals/rose/never-there.webp']);
    expect(result).toEqual({ removed: [url, ref], notFound: ['/media/florals/rose/never-there.webp'], refused: [] });
    await expect(fs.stat(path.join(root, 'public/florals/rose/2-400.webp'))).rejects.toThrow(/ENOENT/);
    // Removing again is harmless.
    expect((await store.remove([url])).notFound).toEqual([url]);
  });

  it('refuses seed images, foreign URLs and traversal, touching nothing outside its folders', async () => {
    const outside = path.join(root, 'secret.txt');
    await fs.writeFile(outside, 'keep me');
    const store = createLocalStorage(path.join(root, 'uploads'));
    const bad = [
      '/seed/artworks/misty-hills.webp',
      'https://elsewhere.example/media/a.webp',
      '/media/../../secret.txt',
      '/media/../secret.txt',
      'private:../../secret.txt',
      'private:/etc/passwd',
      '/media/%2e%2e/secret.txt',
      '',
    ];
    expect(await store.remove(bad)).toEqual({ removed: [], notFound: [], refused: bad });
    expect(await fs.readFile(outside, 'utf8')).toBe('keep me');
  });

  it('refuses to write under an unsafe key', async () => {
    const store = createLocalStorage(root);
    await expect(store.putPublic('../x.webp', new Uint8Array([1]), 'image/webp')).rejects.toThrow(/Unsafe storage key/);
    await expect(store.putPrivate('a/../../x.jpg', new Uint8Array([1]), 'image/jpeg')).rejects.toThrow(
      /Unsafe storage key/,
    );
    expect(await fs.readdir(root)).toEqual([]);
  });
});
