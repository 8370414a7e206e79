import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStorageDouble, type StorageDouble } from '../../tests/support/supabase-storage-double';
import { createSupabaseStorage, PRIVATE_BUCKET, PUBLIC_BUCKET } from './supabase-adapter';

const serviceRoleKey = 'service-role-key-for-tests';
let double: StorageDouble;

beforeEach(async () => {
  double = await startStorageDouble({ serviceRoleKey, publicBuckets: [PUBLIC_BUCKET] });
});
afterEach(async () => {
  await double.close();
});

describe('Supabase storage adapter (against an HTTP double of Storage)', () => {
  it('uploads served files to gallery-images and answers their public URL, long-cached', async () => {
    const store = createSupabaseStorage({ url: double.url, serviceRoleKey });
    const url = await store.putPublic('seascapes/low-tide/5-800.webp', new Uint8Array([1, 2, 3]), 'image/webp');
    expect(url).toBe(`${double.url}/storage/v1/object/public/gallery-images/seascapes/low-tide/5-800.webp`);
    const stored = double.objects.get('gallery-images/seascapes/low-tide/5-800.webp');
    expect([...stored!.body]).toEqual([1, 2, 3]);
    expect(stored!.contentType).toBe('image/webp');
    expect(stored!.cacheControl).toBe('max-age=31536000');
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it('keeps originals in the private artwork-originals bucket, not reachable by a public URL', async () => {
    const store = createSupabaseStorage({ url: double.url, serviceRoleKey });
    const ref = await store.putPrivate('seascapes/low-tide/5-original.jpg', new Uint8Array([7]), 'image/jpeg');
    expect(ref).toBe('private:seascapes/low-tide/5-original.jpg');
    expect(double.objects.has(`${PRIVATE_BUCKET}/seascapes/low-tide/5-original.jpg`)).toBe(true);
    const attempt = await fetch(
      `${double.url}/storage/v1/object/public/${PRIVATE_BUCKET}/seascapes/low-tide/5-original.jpg`,
    );
    expect(attempt.ok).toBe(false);
  });

  it("meets the buckets' own limits, as Storage enforces them: a type they do not allow, a file over 10 MB", async () => {
    const store = createSupabaseStorage({ url: double.url, serviceRoleKey });
    await expect(store.putPublic('a/b/1.gif', new Uint8Array([71, 73, 70]), 'image/gif')).rejects.toThrow(
      /mime type image\/gif is not supported/,
    );
    await expect(
      store.putPrivate('a/b/1-original.jpg', new Uint8Array(10 * 1024 * 1024 + 10), 'image/jpeg'),
    ).rejects.toThrow(/exceeded the maximum allowed size/);
    // Exactly the upload limit is stored.
    await store.putPrivate('a/b/2-original.jpg', new Uint8Array(10 * 1024 * 1024), 'image/jpeg');
    expect(double.objects.has(`${PRIVATE_BUCKET}/a/b/2-original.jpg`)).toBe(true);
    expect(double.objects.has(`${PUBLIC_BUCKET}/a/b/1.gif`)).toBe(false);
  });

  it('does not overwrite an existing object (keys are unique by timestamp)', async () => {
    const store = createSupabaseStorage({ url: double.url, serviceRoleKey });
    await store.putPublic('a/b/1-400.webp', new Uint8Array([1]), 'image/webp');
    await expect(store.putPublic('a/b/1-400.webp', new Uint8Array([2]), 'image/webp')).rejects.toThrow(
      /already exists/,
    );
    expect([...double.objects.get('gallery-images/a/b/1-400.webp')!.body]).toEqual([1]);
  });

  it('surfaces a storage failure as an error', async () => {
    const store = createSupabaseStorage({ url: double.url, serviceRoleKey });
    double.failNextUpload();
    await expect(store.putPublic('a/b/1-400.webp', new Uint8Array([1]), 'image/webp')).rejects.toThrow(
      /Simulated storage failure/,
    );
  });

  it('removes from the right bucket, reports missing objects as notFound and refuses foreign URLs', async () => {
    const store = createSupabaseStorage({ url: double.url, serviceRoleKey });
    const url = await store.putPublic('animals/fox/3-display.webp', new Uint8Array([1]), 'image/webp');
    const ref = await store.putPrivate('animals/fox/3-original.png', new Uint8Array([1]), 'image/png');
    const missing = `${double.url}/storage/v1/object/public/gallery-images/animals/fox/missing.webp`;
    const foreign = [
      '/seed/artworks/fox.webp',
      '/media/animals/fox/3-display.webp',
      `${double.url}/storage/v1/object/public/gallery-images/../x.webp`,
      'private:../x',
    ];
    const result = await store.remove([url, ref, missing, ...foreign]);
    expect(result).toEqual({ removed: [url, ref], notFound: [missing], refused: foreign });
    expect(double.objects.size).toBe(0);
    const deletes = double.requests
      .filter((r) => r.method === 'DELETE')
      .map((r) => r.path)
      .sort();
    expect(deletes).toEqual(['/storage/v1/object/artwork-originals', '/storage/v1/object/gallery-images']);
  });

  it("treats 'The resource was not found' as not-found, and other removal errors as errors", async () => {
    const store = createSupabaseStorage({ url: double.url, serviceRoleKey });
    const url = `${double.url}/storage/v1/object/public/gallery-images/a/b/1-400.webp`;
    double.failNextDelete('The resource was not found');
    expect(await store.remove([url])).toEqual({ removed: [], notFound: [url], refused: [] });
    double.failNextDelete('Database connection lost');
    await expect(store.remove([url])).rejects.toThrow(/Database connection lost/);
  });

  it('a refused key is an error on upload and on removal, never a silent not-found', async () => {
    const url = await createSupabaseStorage({ url: double.url, serviceRoleKey }).putPublic(
      'a/b/1-400.webp',
      new Uint8Array([1]),
      'image/webp',
    );
    const wrong = createSupabaseStorage({ url: double.url, serviceRoleKey: 'wrong' });
    await expect(wrong.putPublic('a/b/2-400.webp', new Uint8Array([1]), 'image/webp')).rejects.toThrow(/Invalid JWT/);
    await expect(wrong.remove([url])).rejects.toThrow(/Storage removal from gallery-images failed: Invalid JWT/);
    expect([...double.objects.keys()]).toEqual(['gallery-images/a/b/1-400.webp']);
  });
});
