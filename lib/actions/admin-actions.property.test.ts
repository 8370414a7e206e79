import fs from 'node:fs/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { createTestDatabase } from '@/tests/support/db';
import { RequestDouble } from '@/tests/support/request-double';
import { anyValue } from '@/tests/support/hostile-values';

// Every admin server action that writes or reads the catalogue, called by a signed-in admin with
// arbitrary input (a server action is a public endpoint: anyone with a session can post
// anything): it answers its typed result, { ok: true } or { ok: false, error }, and never an
// unexpected failure ('Something went wrong', which means an exception reached adminAction).
// Next's request scope and cache API are stood in for; adminAction, requireAdmin, the database
// and local storage are real.

const scope = vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
  process.env.DATA_DIR = `${process.env.TMPDIR ?? '/tmp'}/admin-actions-property-${process.pid}-${Date.now()}`;
  return {
    request: undefined as unknown as { cookieStore(): unknown; headers: Headers },
    db: undefined as Database | undefined,
  };
});
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => scope.request.cookieStore(),
  headers: async () => scope.request.headers,
}));
vi.mock('@/lib/database', () => ({ database: async () => scope.db! }));
vi.mock('next/cache', () => ({ updateTag: () => {}, revalidateTag: () => {} }));

const { saveArtwork, deleteArtwork } = await import('@/lib/artworks/admin/actions');
const { emptyArtworkForm } = await import('@/lib/artworks/admin/schema');
const { checkArtworkSlug, findExistingImages } = await import('@/lib/bulk-upload/actions');
const { isPlausibleSlug } = await import('@/lib/artworks/slug-guard');
const { UNEXPECTED_ERROR } = await import('@/lib/http/user-facing-error');
const { upsertLocalUser } = await import('@/lib/users/users');
const { createSession } = await import('@/lib/auth/local/sessions');
const { SESSION_COOKIE } = await import('@/lib/auth/local/cookie');
const { asSystem } = await import('@/lib/db/roles');
const { artworks } = await import('@/lib/db/schema');

const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', '-', 'Ünïcödé', 'x'.repeat(250)),
);

describe('admin actions with arbitrary input from a signed-in admin (properties)', () => {
  let existingIds: string[];
  let adminToken: string;

  beforeAll(async () => {
    scope.db = await createTestDatabase('pglite');
    const admin = await upsertLocalUser(scope.db, {
      email: 'admin@example.com',
      password: 'correct horse battery staple',
      admin: true,
    });
    adminToken = (await createSession(scope.db, admin.id)).token;
    const rows = await asSystem(scope.db, 'test-setup', (sys) =>
      sys
        .insert(artworks)
        .values(
          ['one', 'two', 'three'].map((slug) => ({
            title: slug,
            slug,
            category: 'Landscapes',
            imageAlt: 'A watercolour',
            status: 'published' as const,
            publishedAt: new Date(),
          })),
        )
        .returning({ id: artworks.id }),
    );
    existingIds = rows.map((row) => row.id);
  });
  afterAll(async () => {
    await scope.db?.close();
    await fs.rm(process.env.DATA_DIR!, { recursive: true, force: true });
  });

  function asAdmin() {
    const request = new RequestDouble();
    request.cookieStore().set(SESSION_COOKIE, adminToken);
    scope.request = request;
  }

  function expectTypedAnswer(result: { ok: boolean; error?: string }) {
    expect(typeof result.ok).toBe('boolean');
    if (!result.ok) {
      expect(result.error).toMatch(/\S/);
      expect(result.error!.startsWith(UNEXPECTED_ERROR), result.error).toBe(false);
    }
  }

  const id = fc.oneof(
    fc.constantFrom(0, 1, 2).map((i) => existingIds[i]!),
    fc.uuid().map(String),
    text,
    anyValue,
  );
  const fields = fc.oneof(
    // A form close to valid, with odd text where the admin types: reaches the real save.
    fc
      .record({ title: text, slug: text, imageAlt: text, description: text, keywords: text })
      .map((typed) => ({ ...emptyArtworkForm, ...typed })),
    fc
      .dictionary(fc.constantFrom(...Object.keys(emptyArtworkForm)), fc.oneof(text, anyValue))
      .map((odd) => ({ ...emptyArtworkForm, ...odd })),
    anyValue,
  );

  it('saveArtwork answers a typed result, whatever is posted', async () => {
    // An artwork of this test's own (other properties may delete the shared ones first).
    const [own] = await asSystem(scope.db!, 'test-setup', (sys) =>
      sys
        .insert(artworks)
        .values({
          title: 'own',
          slug: 'own-for-save',
          category: 'Landscapes',
          imageAlt: 'A watercolour',
          status: 'published' as const,
          publishedAt: new Date(),
        })
        .returning({ id: artworks.id }),
    );
    let saved = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record(
            {
              id,
              fields,
              image: fc.oneof(fc.constant(null), fc.record({ uploadId: fc.oneof(fc.uuid().map(String), text) })),
            },
            { requiredKeys: ['fields'] },
          ),
          anyValue,
        ),
        async (input) => {
          asAdmin();
          const result = await saveArtwork(input);
          expectTypedAnswer(result);
          if (result.ok) saved++;
        },
      ),
      {
        numRuns: 150,
        // One edit that must reach the real write, so a run never tests only the refusals
        // (random forms reach it only now and then: a new artwork also needs an upload).
        examples: [
          [
            {
              id: own!.id,
              fields: {
                ...emptyArtworkForm,
                title: 'A quiet harbour',
                slug: 'a-quiet-harbour',
                imageAlt: 'A watercolour of a harbour at dusk',
              },
              image: null,
            },
          ],
        ],
      },
    );
    // Some inputs got through to the real write, or the property tested only the refusals.
    expect(saved).toBeGreaterThan(0);
  });

  it('deleteArtwork answers a typed result, whatever is posted', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.record({ id: fc.oneof(fc.uuid().map(String), text, anyValue) }), anyValue),
        async (input) => {
          asAdmin();
          expectTypedAnswer(await deleteArtwork(input));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('checkArtworkSlug answers a slug the artwork pages accept, or a validation message', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.record({ slug: fc.oneof(text, anyValue) }), anyValue), async (input) => {
        asAdmin();
        const result = await checkArtworkSlug(input);
        expectTypedAnswer(result);
        if (result.ok) expect(isPlausibleSlug(result.data.slug), result.data.slug).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('findExistingImages answers a typed result for any list of checksums', async () => {
    const checksum = fc.oneof(fc.stringMatching(/^[0-9a-f]{64}$/), text);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.record({ checksums: fc.oneof(fc.array(checksum, { maxLength: 20 }), anyValue) }), anyValue),
        async (input) => {
          asAdmin();
          expectTypedAnswer(await findExistingImages(input));
        },
      ),
      { numRuns: 150 },
    );
  });
});
