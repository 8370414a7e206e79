import fs from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { pendingUploads } from '@/lib/db/schema';
import { createTestDatabase } from '@/tests/support/db';
import { RequestDouble } from '@/tests/support/request-double';
import { noisyJpeg } from '@/tests/support/test-images';
import { applyMutation, mutation, type Mutation } from '@/tests/support/image-mutations';

// A fuzz run of the upload route (adminRoute → handleArtworkUpload → processArtworkImage) as an
// admin, over mutated JPEG, PNG and WebP files: bit flips, truncation, inserted and duplicated
// bytes and chunks, a kept header over a garbage body, and names and MIME types that lie.
// Whatever arrives: never a 500 (an unexpected exception), and a refused file leaves no file
// in storage and no pending-upload row. A file the route accepts is a real image: four files,
// one row, and the original stored under the format its bytes have, not the one claimed.

const scope = vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
  process.env.DATA_DIR = `${process.env.TMPDIR ?? '/tmp'}/uploads-fuzz-${process.pid}-${Date.now()}`;
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

const root = localStorageRoot();
const RUNS = 300;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

const pendingRows = () =>
  asSystem(
    scope.db!,
    'test-setup',
    async (sys) => (await sys.select({ id: pendingUploads.id }).from(pendingUploads)).length,
  );

/** Calls the route as Next would, with this admin's session cookie in the request scope. */
async function upload(cookie: string, body: FormData | { raw: Uint8Array<ArrayBuffer>; contentType: string }) {
  const encoded = body instanceof FormData ? new Response(body) : null;
  const contentType = encoded ? encoded.headers.get('content-type')! : (body as { contentType: string }).contentType;
  const bytes = encoded ? new Uint8Array(await encoded.arrayBuffer()) : (body as { raw: Uint8Array<ArrayBuffer> }).raw;
  const request = new Request('http://localhost/api/upload-artwork-image', {
    method: 'POST',
    headers: { 'content-type': contentType, cookie },
    body: bytes,
  });
  scope.request = new RequestDouble();
  request.headers.forEach((value, name) => scope.request.headers.set(name, value));
  const [name, ...value] = cookie.split('=');
  scope.request.cookieStore().set(name!, value.join('='));
  const response = await POST(request, { params: Promise.resolve({}) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** What a client may claim about the file, true or not. */
const claims = fc.constantFrom(
  { name: 'art.jpg', type: 'image/jpeg' },
  { name: 'art.png', type: 'image/png' },
  { name: 'art.webp', type: 'image/webp' },
  { name: 'art.gif', type: 'image/gif' },
  { name: 'art.svg', type: 'image/svg+xml' },
  { name: 'art.txt', type: 'text/plain' },
  { name: 'art', type: 'application/octet-stream' },
  { name: 'art.jpg.exe', type: '' },
);

/** Mostly one to three mutations; now and then none, so only the claimed name and type lie. */
const mutations = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Mutation[]>([]) },
  { weight: 12, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }) },
);

describe('upload route fuzz', () => {
  let cookie: string;
  type Seed = { label: string; format: 'jpeg' | 'png' | 'webp'; bytes: Uint8Array<ArrayBuffer> };
  let seeds: Seed[];
  const outcomes = new Map<string, number>();
  const byMutation = new Map<string, { accepted: number; refused: number }>();
  let cases = 0;
  const started = performance.now();

  beforeAll(async () => {
    scope.db = await createTestDatabase('pglite');
    const admin = await upsertLocalUser(scope.db, {
      email: 'admin@example.com',
      password: 'correct horse battery staple',
      admin: true,
    });
    cookie = `${SESSION_COOKIE}=${(await createSession(scope.db, admin.id)).token}`;
    // Small images keep each accepted case cheap; the formats' structure is what is fuzzed.
    const noise = () =>
      sharp({
        create: {
          width: 72,
          height: 48,
          channels: 4,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      });
    const jpeg = await noisyJpeg(72, 48, 80);
    const made: { label: string; format: Seed['format']; bytes: Buffer }[] = [
      { label: 'jpeg baseline', format: 'jpeg', bytes: jpeg },
      {
        label: 'jpeg progressive, EXIF rotated',
        format: 'jpeg',
        bytes: await sharp(jpeg).jpeg({ progressive: true }).withMetadata({ orientation: 6 }).toBuffer(),
      },
      { label: 'png rgba', format: 'png', bytes: await noise().png().toBuffer() },
      {
        label: 'png palette, interlaced',
        format: 'png',
        bytes: await noise().png({ palette: true, progressive: true }).toBuffer(),
      },
      { label: 'webp lossy', format: 'webp', bytes: await noise().webp({ quality: 70 }).toBuffer() },
      { label: 'webp lossless', format: 'webp', bytes: await noise().webp({ lossless: true }).toBuffer() },
    ];
    seeds = made.map((seed) => ({ ...seed, bytes: new Uint8Array(seed.bytes) }));
  });

  afterAll(async () => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(
      `upload fuzz: ${cases} uploads in ${seconds} s; answers ${JSON.stringify(Object.fromEntries([...outcomes].sort()))}`,
    );
    console.info(`upload fuzz by mutation (files): ${JSON.stringify(Object.fromEntries([...byMutation].sort()))}`);
    await scope.db?.close();
    await fs.rm(path.dirname(root), { recursive: true, force: true });
  });

  function count(status: number, reason: string) {
    cases++;
    const key = `${status} ${reason}`;
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  }

  it(
    'never answers 500 and never writes for a refused file, over mutated JPEG, PNG and WebP',
    { timeout: 180_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.nat({ max: seeds.length - 1 }),
          mutations,
          claims,
          async (which, mutations: Mutation[], claim) => {
            const seed = seeds[which]!;
            const bytes = mutations.reduce((data, m) => applyMutation(data, m, seed.format), seed.bytes);
            const form = new FormData();
            form.set('file', new File([new Uint8Array(bytes)], claim.name, { type: claim.type }));
            form.set('path', 'landscapes/fuzz');

            const { status, body } = await upload(cookie, form);
            const files = await filesUnder(root);
            const rows = await pendingRows();
            count(
              status,
              status === 200
                ? 'accepted'
                : String(body.error)
                    .replace(/\(.*\)/, '(…)')
                    .slice(0, 70),
            );
            for (const kind of new Set(
              mutations.length ? mutations.map((m) => (m.kind === 'chunk' ? `chunk-${m.op}` : m.kind)) : ['none'],
            )) {
              const tally = byMutation.get(kind) ?? { accepted: 0, refused: 0 };
              tally[status === 200 ? 'accepted' : 'refused']++;
              byMutation.set(kind, tally);
            }

            expect(status, JSON.stringify(body)).not.toBeGreaterThanOrEqual(500);
            if (status !== 200) {
              expect(body.error).toMatch(/^(Upload failed|Image too large|No file)/);
              expect(files).toEqual([]);
              expect(rows).toBe(0);
              return;
            }
            // Accepted: a decodable image, stored once, under the format its bytes really have.
            const actual = (await sharp(bytes).metadata()).format;
            expect(['jpeg', 'png', 'webp']).toContain(actual);
            expect(String(body.image_original_url)).toMatch(
              new RegExp(`-original\\.${actual === 'jpeg' ? 'jpg' : actual}$`),
            );
            expect(files).toHaveLength(4);
            expect(rows).toBe(1);
            await fs.rm(root, { recursive: true, force: true });
            await asSystem(scope.db!, 'test-setup', (sys) => sys.delete(pendingUploads));
          },
        ),
        { numRuns: RUNS },
      );
      expect(cases).toBeGreaterThanOrEqual(RUNS);
      // The run must see both answers, or it proved little: some mutations leave a valid image.
      expect(outcomes.get('200 accepted') ?? 0).toBeGreaterThan(0);
      expect([...outcomes.keys()].some((key) => !key.startsWith('200'))).toBe(true);
    },
  );

  it('never answers 500 and never writes for a mangled multipart body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: seeds.length - 1 }),
        fc.array(mutation, { minLength: 1, maxLength: 2 }),
        fc.boolean(),
        async (which, mutations: Mutation[], keepBoundary) => {
          const form = new FormData();
          form.set('file', new File([new Uint8Array(seeds[which]!.bytes)], 'art.jpg', { type: 'image/jpeg' }));
          form.set('path', 'landscapes/fuzz');
          const encoded = new Response(form);
          const contentType = keepBoundary
            ? encoded.headers.get('content-type')!
            : 'multipart/form-data; boundary=not-the-boundary';
          const raw = mutations.reduce(
            (data, m) => applyMutation(data, m, 'raw'),
            new Uint8Array(await encoded.arrayBuffer()),
          );
          const { status, body } = await upload(cookie, { raw, contentType });
          count(
            status,
            status === 200
              ? 'accepted (multipart)'
              : `${String(body.error)
                  .replace(/\(.*\)/, '(…)')
                  .slice(0, 60)} (multipart)`,
          );
          expect(status, JSON.stringify(body)).not.toBeGreaterThanOrEqual(500);
          if (status === 200) {
            await fs.rm(root, { recursive: true, force: true });
            await asSystem(scope.db!, 'test-setup', (sys) => sys.delete(pendingUploads));
          } else {
            expect(await filesUnder(root)).toEqual([]);
            expect(await pendingRows()).toBe(0);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
