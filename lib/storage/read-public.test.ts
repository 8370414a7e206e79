import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalStorage } from './local-adapter';
import { createSupabaseStorage, PUBLIC_BUCKET } from './supabase-adapter';
import { startStorageDouble } from '../../tests/support/supabase-storage-double';

vi.mock('server-only', () => ({}));
const { renderArtworkOgImage } = await import('@/lib/artworks/og-image');

// The review's SSRF: an artwork's image_url pointing at a port on localhost made a visitor's
// view of its share image call that port. Images are now read from storage by key only.
let hits = 0;
let trap: http.Server;
let trapUrl: string;
let root: string;

beforeAll(async () => {
  trap = http.createServer((_req, res) => {
    hits++;
    res.end('secret');
  });
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  trapUrl = `http://127.0.0.1:${(trap.address() as AddressInfo).port}/internal`;
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'read-public-'));
});
afterAll(async () => {
  await new Promise((resolve) => trap.close(resolve));
  await fs.rm(root, { recursive: true, force: true });
});

describe('reading stored public images by key', () => {
  it('local storage reads its own /media files, and nothing else', async () => {
    const store = createLocalStorage(root);
    const url = await store.putPublic('florals/poppy/1-display.webp', new Uint8Array([5, 6]), 'image/webp');
    expect([...(await store.readPublic(url))!]).toEqual([5, 6]);
    const original = await store.putPrivate('florals/poppy/1-original.jpg', new Uint8Array([9]), 'image/jpeg');
    for (const other of [
      original,
      trapUrl,
      '/media/../private/florals/poppy/1-original.jpg',
      '/media/%2e%2e/private/florals/poppy/1-original.jpg',
      '/seed/x.webp',
    ]) {
      expect(await store.readPublic(other), other).toBeNull();
    }
    expect(hits).toBe(0);
  });

  it('Supabase storage downloads from its own public bucket, and nothing else', async () => {
    const serviceRoleKey = 'service-role-key-for-tests';
    const double = await startStorageDouble({ serviceRoleKey, publicBuckets: [PUBLIC_BUCKET] });
    try {
      const store = createSupabaseStorage({ url: double.url, serviceRoleKey });
      const url = await store.putPublic('florals/poppy/1-display.webp', new Uint8Array([7]), 'image/webp');
      expect([...(await store.readPublic(url))!]).toEqual([7]);
      const original = await store.putPrivate('florals/poppy/1-original.jpg', new Uint8Array([9]), 'image/jpeg');
      expect(await store.readPublic(original)).toBeNull();
      expect(await store.readPublic(trapUrl)).toBeNull();
      expect(hits).toBe(0);
    } finally {
      await double.close();
    }
  });

  it('the share image never calls the URL an artwork names: it falls back to the site image', async () => {
    const fallback = await fs.readFile(path.join(process.cwd(), 'public', 'og-default.jpg'));
    const rendered = await renderArtworkOgImage(trapUrl, createLocalStorage(root));
    expect(hits).toBe(0);
    expect(Buffer.compare(rendered, fallback)).toBe(0);
  });
});
