import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { pendingUploads } from '@/lib/db/schema';
import { createTestDatabase } from '@/tests/support/db';
import { RequestDouble } from '@/tests/support/request-double';
import { noisyJpeg } from '@/tests/support/test-images';

// The real route, adminRoute, requireAdmin and local sessions run against a test database; only
// Next's request scope (what cookies()/headers() read) is stood in for, filled from each Request.
const scope = vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
  process.env.DATA_DIR = `${process.env.TMPDIR ?? '/tmp'}/uploads-route-${process.pid}-${Date.now()}`;
  return { request: undefined as unknown as RequestDouble, db: undefined as Database | undefined };
});
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => scope.request.cookieStore(),
  headers: async () => scope.request.headers,
}));
vi.mock('@/lib/database', () => ({ database: async () => scope.db! }));

const { POST } = await import('./route');
const { upsertLocalUser } = await import('@/lib/users/users');
const { createSession } = await import('@/lib/auth/local/sessions');
const { SESSION_COOKIE } = await import('@/lib/auth/local/cookie');
const { localStorageRoot } = await import('@/lib/storage/local');

const DAY = 24 * 60 * 60 * 1000;
const root = localStorageRoot();

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** A multipart upload whose body records whether anyone started reading it. */
function uploadRequest({
  cookie,
  headers = {},
  body,
}: {
  cookie?: string;
  headers?: Record<string, string>;
  body: FormData;
}) {
  const encoded = new Response(body);
  const contentType = encoded.headers.get('content-type')!;
  const read = { started: false };
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(new Uint8Array(await encoded.arrayBuffer()));
      controller.close();
    },
  });
  // Wrap so the first pull is visible: reading the body means calling getReader().read().
  const observed = stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        read.started = true;
        controller.enqueue(chunk);
      },
    }),
  );
  const request = new Request('http://localhost/api/upload-artwork-image', {
    method: 'POST',
    headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}), ...headers },
    body: observed,
    duplex: 'half',
  } as RequestInit);
  return { request, read };
}

/** Calls the route as Next would: the request scope carries this request's cookies and headers. */
async function send(request: Request) {
  scope.request = new RequestDouble();
  request.headers.forEach((value, name) => scope.request.headers.set(name, value));
  for (const pair of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name) scope.request.cookieStore().set(name, value.join('='));
  }
  const response = await POST(request, { params: Promise.resolve({}) });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    cacheControl: response.headers.get('cache-control'),
  };
}

describe('POST /api/upload-artwork-image', () => {
  let db: Database;
  let adminCookie: string;
  let viewerCookie: string;
  let expiredAdminCookie: string;
  let jpeg: Buffer;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    scope.db = db;
    const admin = await upsertLocalUser(db, {
      email: 'admin@example.com',
      password: 'correct horse battery staple',
      admin: true,
    });
    const viewer = await upsertLocalUser(db, { email: 'viewer@example.com', password: 'viewer password 123' });
    adminCookie = `${SESSION_COOKIE}=${(await createSession(db, admin.id)).token}`;
    viewerCookie = `${SESSION_COOKIE}=${(await createSession(db, viewer.id)).token}`;
    // Signed in eight days ago and idle since: past the seven-day idle expiry.
    expiredAdminCookie = `${SESSION_COOKIE}=${(await createSession(db, admin.id, {}, new Date(Date.now() - 8 * DAY))).token}`;
    jpeg = await noisyJpeg(1200, 800);
  });
  afterAll(async () => {
    await db.close();
    await fs.rm(path.dirname(root), { recursive: true, force: true });
  });

  const form = (
    file: Blob | null = new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }),
    basePath = 'landscapes/misty-hills',
  ) => {
    const data = new FormData();
    if (file) data.set('file', file, 'misty-hills.jpg');
    data.set('path', basePath);
    return data;
  };

  const forged = `${SESSION_COOKIE}=${crypto.randomBytes(32).toString('base64url')}`;
  const denials: [string, () => string | undefined, number, string][] = [
    ['no session', () => undefined, 401, 'Sign in required'],
    ['a forged session cookie', () => forged, 401, 'Sign in required'],
    ['an expired session', () => expiredAdminCookie, 401, 'Sign in required'],
    ['a signed-in non-admin', () => viewerCookie, 403, 'This area is restricted to administrators only.'],
  ];
  // The route is called directly, no proxy runs: a proxy-fooling header (x-middleware-subrequest)
  // can do nothing here. e2e/admin-gate.spec.ts sends it over HTTP, where it could.
  for (const [who, cookie, status, message] of denials) {
    it(`refuses ${who} with ${status}, before reading the body, writing nothing`, async () => {
      const { request, read } = uploadRequest({ cookie: cookie(), body: form() });
      const response = await send(request);
      expect(response).toEqual({ status, body: { error: message }, cacheControl: 'no-store' });
      expect(read.started).toBe(false);
      expect(await filesUnder(root)).toEqual([]);
    });
  }

  it('uploads for an admin: 200 with the stored URLs, files written, not cacheable', async () => {
    const { request, read } = uploadRequest({ cookie: adminCookie, body: form() });
    const response = await send(request);
    expect(read.started).toBe(true);
    expect(response.status).toBe(200);
    expect(response.cacheControl).toBe('no-store');
    expect(response.body).toEqual({
      publicUrl: expect.stringMatching(/^\/media\/landscapes\/misty-hills\/\d+-display\.webp$/),
      image_thumb_800_url: expect.stringMatching(/^\/media\/landscapes\/misty-hills\/\d+-800\.webp$/),
      image_thumb_400_url: expect.stringMatching(/^\/media\/landscapes\/misty-hills\/\d+-400\.webp$/),
      image_original_url: expect.stringMatching(/^private:landscapes\/misty-hills\/\d+-original\.jpg$/),
      width: 1200,
      height: 800,
      blurDataUrl: expect.stringMatching(/^data:image\/webp;base64,/),
      checksum: crypto.createHash('sha256').update(jpeg).digest('hex'),
      // The only thing a save accepts: the server's record of this upload, in the admin's name.
      uploadId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const [pending] = await asSystem(scope.db!, 'test-setup', (sys) =>
      sys
        .select()
        .from(pendingUploads)
        .where(eq(pendingUploads.id, String(response.body.uploadId))),
    );
    expect(pending?.files).toHaveLength(4);
    expect(pending?.image).toMatchObject({ publicUrl: response.body.publicUrl });
    expect(await filesUnder(root)).toHaveLength(4);
    await fs.rm(root, { recursive: true, force: true });
  });

  it('answers the documented messages for a missing file, a wrong type, a bad path and an oversized body', async () => {
    const missing = await send(uploadRequest({ cookie: adminCookie, body: form(null) }).request);
    expect(missing).toEqual({ status: 400, body: { error: 'No file provided for upload.' }, cacheControl: 'no-store' });

    const text = await send(
      uploadRequest({ cookie: adminCookie, body: form(new Blob(['not an image'], { type: 'image/jpeg' })) }).request,
    );
    expect(text).toEqual({
      status: 415,
      body: { error: 'Upload failed: the file is not a JPEG, PNG or WebP image.' },
      cacheControl: 'no-store',
    });

    const badPath = await send(uploadRequest({ cookie: adminCookie, body: form(undefined, '../../x.jpg') }).request);
    expect(badPath.status).toBe(422);
    expect(badPath.body.error).toMatch(/^Upload failed: invalid upload path "\.\.\/\.\.\/x\.jpg"/);

    const big = new Uint8Array(11 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff]);
    const oversized = await send(
      uploadRequest({ cookie: adminCookie, body: form(new Blob([big], { type: 'image/jpeg' })) }).request,
    );
    expect(oversized).toEqual({
      status: 413,
      body: { error: 'Image too large: Please upload an image smaller than 10MB.' },
      cacheControl: 'no-store',
    });

    expect(await filesUnder(root)).toEqual([]);
  });

  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    const { request, read } = uploadRequest({
      cookie: adminCookie,
      headers: { 'content-length': String(50 * 1024 * 1024) },
      body: form(),
    });
    const response = await send(request);
    expect(response.status).toBe(413);
    expect(read.started).toBe(false);
  });
});
