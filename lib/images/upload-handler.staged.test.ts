import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSupabaseStorage, PRIVATE_BUCKET, PUBLIC_BUCKET } from '@/lib/storage/supabase-adapter';
import { startStorageDouble, type StorageDouble } from '@/tests/support/supabase-storage-double';
import { handleArtworkUpload, stagedNotFoundMessage } from './upload-handler';
import { noisyJpeg } from '@/tests/support/test-images';

// Uploads straight to Storage (Supabase mode, where a Vercel function takes at most 4.5 MB in
// its request): the browser PUTs the file to a one-time URL, the route processes it by its key.
// Storage is the HTTP double; the route's handler runs as the route calls it.
process.env.LOG_LEVEL = 'silent';
const serviceRoleKey = 'service-role-key-for-tests';
let double: StorageDouble;
let store: ReturnType<typeof createSupabaseStorage>;
const record = vi.fn(async () => 'upload-id');

beforeEach(async () => {
  double = await startStorageDouble({ serviceRoleKey, publicBuckets: [PUBLIC_BUCKET] });
  store = createSupabaseStorage({ url: double.url, serviceRoleKey });
  record.mockClear();
});
afterEach(async () => {
  await double.close();
});

/** What the admin's browser does: asks for a URL, PUTs the file there with its own type. */
async function stage(bytes: Uint8Array, contentType: string) {
  const { key, uploadUrl } = await store.direct.createStagedUpload();
  const put = await fetch(uploadUrl, {
    method: 'PUT',
    headers: { 'content-type': contentType, 'x-upsert': 'false' },
    body: new Blob([new Uint8Array(bytes)]),
  });
  return { key, uploadUrl, put };
}

const processStaged = (body: unknown, { embedded = false } = {}) =>
  handleArtworkUpload(
    new Request('http://localhost/api/upload-artwork-image', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    {
      storage: store,
      record,
      direct: embedded ? undefined : store.direct,
    },
  );

const keysIn = (bucket: string) =>
  [...double.objects.keys()].filter((id) => id.startsWith(`${bucket}/`)).map((id) => id.slice(bucket.length + 1));

describe('uploads staged in Storage by the browser', () => {
  it('processes a staged image like any upload, and removes the staged file', async () => {
    const jpeg = await noisyJpeg(1600, 1200);
    const { key, uploadUrl, put } = await stage(jpeg, 'image/jpeg');
    expect(key).toMatch(/^staging\/[0-9a-f-]{36}$/);
    expect(uploadUrl).toMatch(
      new RegExp(`^${double.url}/storage/v1/object/upload/sign/${PRIVATE_BUCKET}/staging/[0-9a-f-]{36}\\?token=`),
    );
    expect(put.status).toBe(200);
    expect(keysIn(PRIVATE_BUCKET)).toEqual([key]);

    const response = await processStaged({ staged: key, path: 'landscapes/big-sky' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      publicUrl: string;
      image_original_url: string;
      uploadId: string;
      width: number;
    };
    expect(body.uploadId).toBe('upload-id');
    expect(body.publicUrl).toMatch(
      new RegExp(`/storage/v1/object/public/${PUBLIC_BUCKET}/landscapes/big-sky/\\d+-display\\.webp$`),
    );
    expect(body.width).toBeGreaterThan(0);
    expect(record).toHaveBeenCalledTimes(1);
    // The original is kept under its own name; the staged copy is gone.
    expect(keysIn(PRIVATE_BUCKET)).toEqual([body.image_original_url.replace('private:', '')]);
    expect(keysIn(PUBLIC_BUCKET)).toHaveLength(3);
  });

  it('a one-time URL takes one file: the same URL again is refused as a duplicate', async () => {
    const jpeg = await noisyJpeg(200, 150);
    const { uploadUrl, put } = await stage(jpeg, 'image/jpeg');
    expect(put.status).toBe(200);
    const again = await fetch(uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: new Blob([new Uint8Array(jpeg)]),
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ statusCode: '409' });
  });

  it("Storage refuses at the URL what the bucket does not take (a GIF, 10 MB + 1 byte) and a URL whose token is not Storage's", async () => {
    const gif = await stage(new Uint8Array([71, 73, 70, 56, 57, 97]), 'image/gif');
    // Storage's object routes answer 400 with the refusal's own status in the body.
    expect(gif.put.status).toBe(400);
    expect(await gif.put.json()).toMatchObject({ statusCode: '415' });
    const big = await stage(new Uint8Array(10 * 1024 * 1024 + 1), 'image/jpeg');
    expect(big.put.status).toBe(400);
    expect(await big.put.json()).toMatchObject({ statusCode: '413' });
    const { uploadUrl } = await store.direct.createStagedUpload();
    const forged = await fetch(uploadUrl.replace(/token=[^&]+/, 'token=forged'), {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: new Uint8Array([1]),
    });
    expect(forged.status).toBe(400);
    expect(keysIn(PRIVATE_BUCKET)).toEqual([]);
  });

  it('refuses a staged file that is not an image (checked by its bytes, whatever type it was sent as), and removes it', async () => {
    const { key } = await stage(new TextEncoder().encode('not a painting, just some notes'), 'image/jpeg');
    const response = await processStaged({ staged: key, path: 'landscapes/notes' });
    expect(response.status).toBe(415);
    expect(((await response.json()) as { error: string }).error).toMatch(/not a JPEG, PNG or WebP image/);
    expect(record).not.toHaveBeenCalled();
    expect([...double.objects.keys()]).toEqual([]);
  });

  it('answers a clear 400 for a key that was never staged, and reads nothing for a key that is not a staging key', async () => {
    const missing = await processStaged({ staged: `staging/${crypto.randomUUID()}`, path: 'landscapes/x' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: stagedNotFoundMessage });

    const reads = double.requests.length;
    for (const staged of [
      'landscapes/x/1-original.jpg',
      'staging/../landscapes/x',
      `staging/${crypto.randomUUID()}/more`,
      42,
    ]) {
      const refused = await processStaged({ staged, path: 'landscapes/x' });
      expect(refused.status, String(staged)).toBe(400);
    }
    expect(double.requests.length).toBe(reads);
    expect(record).not.toHaveBeenCalled();
  });

  it('where storage takes no uploads from the browser (embedded mode), a JSON body is refused and nothing is read', async () => {
    const response = await processStaged(
      { staged: `staging/${crypto.randomUUID()}`, path: 'landscapes/x' },
      { embedded: true },
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/multipart/);
    expect(double.requests).toEqual([]);
  });
});
