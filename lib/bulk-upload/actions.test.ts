import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { createTestDatabase } from '@/tests/support/db';
import { RequestDouble } from '@/tests/support/request-double';

// The bulk upload's checks as server actions, called directly as anyone could post to them:
// adminAction, requireAdmin and local sessions are real, on a test database; only Next's
// request scope is stood in for (as in lib/artworks/admin/actions.security.test.ts).
const scope = vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
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

const { checkArtworkSlug, findExistingImages } = await import('./actions');
const { upsertLocalUser } = await import('@/lib/users/users');
const { createSession } = await import('@/lib/auth/local/sessions');
const { SESSION_COOKIE } = await import('@/lib/auth/local/cookie');
const { asSystem } = await import('@/lib/db/roles');
const { artworks } = await import('@/lib/db/schema');

const sha = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

function signedInAs(token: string | undefined) {
  const request = new RequestDouble();
  if (token) request.cookieStore().set(SESSION_COOKIE, token);
  scope.request = request;
}

describe('bulk upload checks', () => {
  let db: Database;
  const tokens: Record<'admin' | 'viewer', string> = { admin: '', viewer: '' };

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    scope.db = db;
    const admin = await upsertLocalUser(db, {
      email: 'admin@example.com',
      password: 'correct horse battery staple',
      admin: true,
    });
    const viewer = await upsertLocalUser(db, { email: 'viewer@example.com', password: 'viewer password 123' });
    tokens.admin = (await createSession(db, admin.id)).token;
    tokens.viewer = (await createSession(db, viewer.id)).token;
    await asSystem(db, 'test-setup', (sys) =>
      sys.insert(artworks).values([
        { title: 'Harbour Light', slug: 'harbour-light', category: 'Seascapes', imageChecksum: sha('harbour') },
        { title: 'Quiet Hour', slug: 'quiet-hour', category: 'Landscapes', imageChecksum: sha('quiet') },
        { title: 'Quiet Hour 2', slug: 'quiet-hour-2', category: 'Landscapes', imageChecksum: null },
      ]),
    );
  });
  afterAll(() => db.close());

  it('names the existing artwork whose image a queued file repeats', async () => {
    signedInAs(tokens.admin);
    const result = await findExistingImages({ checksums: [sha('harbour'), sha('new'), sha('harbour')] });
    expect(result).toEqual({ ok: true, data: [{ checksum: sha('harbour'), title: 'Harbour Light' }] });
  });

  it('gives the first free slug', async () => {
    signedInAs(tokens.admin);
    expect(await checkArtworkSlug({ slug: 'quiet-hour' })).toEqual({ ok: true, data: { slug: 'quiet-hour-3' } });
    expect(await checkArtworkSlug({ slug: 'sea-fog' })).toEqual({ ok: true, data: { slug: 'sea-fog' } });
  });

  it('refuses what is not a checksum', async () => {
    signedInAs(tokens.admin);
    expect(await findExistingImages({ checksums: ["' or 1=1 --"] })).toMatchObject({
      ok: false,
      error: 'A checksum is 64 hexadecimal characters.',
    });
    expect(await findExistingImages({ checksums: [] })).toMatchObject({ ok: false });
  });

  // Checksums are internal (docs/product.md, Roles and permissions): nobody but an admin learns
  // which images exist.
  for (const [who, token, message] of [
    ['no session', undefined, 'Sign in required'],
    ['a signed-in non-admin', 'viewer', 'This area is restricted to administrators only.'],
  ] as const) {
    it(`refuses ${who}`, async () => {
      signedInAs(token ? tokens[token] : undefined);
      expect(await findExistingImages({ checksums: [sha('harbour')] })).toEqual({ ok: false, error: message });
      expect(await checkArtworkSlug({ slug: 'quiet-hour' })).toEqual({ ok: false, error: message });
    });
  }
});
