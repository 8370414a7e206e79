import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { createTestDatabase } from '@/tests/support/db';
import { RequestDouble } from '@/tests/support/request-double';

// The real server actions, adminAction, requireAdmin and local sessions run against a test
// database, called directly as an attacker would post to them; only Next's request scope (what
// cookies()/headers() read) and its cache API are stood in for.
const scope = vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
  return {
    request: undefined as unknown as { cookieStore(): unknown; headers: Headers },
    db: undefined as Database | undefined,
    invalidated: 0,
  };
});
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => scope.request.cookieStore(),
  headers: async () => scope.request.headers,
}));
vi.mock('@/lib/database', () => ({ database: async () => scope.db! }));
vi.mock('next/cache', () => ({
  updateTag: () => void scope.invalidated++,
  revalidateTag: () => void scope.invalidated++,
}));

const { saveArtwork, deleteArtwork } = await import('./actions');
const { emptyArtworkForm } = await import('./schema');
const { upsertLocalUser } = await import('@/lib/users/users');
const { createSession } = await import('@/lib/auth/local/sessions');
const { SESSION_COOKIE } = await import('@/lib/auth/local/cookie');
const { asSystem } = await import('@/lib/db/roles');
const { artworks } = await import('@/lib/db/schema');

const DAY = 24 * 60 * 60 * 1000;

function asRequest(cookie: string | undefined) {
  const request = new RequestDouble();
  if (cookie) {
    const [name, value] = cookie.split('=');
    request.cookieStore().set(name!, value!);
  }
  scope.request = request;
}

describe('artwork server actions called directly', () => {
  let db: Database;
  let targetId: string;
  const cookies: Record<string, string | undefined> = {};

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    scope.db = db;
    const admin = await upsertLocalUser(db, {
      email: 'admin@example.com',
      password: 'correct horse battery staple',
      admin: true,
    });
    const viewer = await upsertLocalUser(db, { email: 'viewer@example.com', password: 'viewer password 123' });
    cookies['no session'] = undefined;
    cookies['a forged session cookie'] = `${SESSION_COOKIE}=${crypto.randomBytes(32).toString('base64url')}`;
    cookies['an expired session'] =
      `${SESSION_COOKIE}=${(await createSession(db, admin.id, {}, new Date(Date.now() - 8 * DAY))).token}`;
    cookies['a signed-in non-admin'] = `${SESSION_COOKIE}=${(await createSession(db, viewer.id)).token}`;
    cookies['an admin'] = `${SESSION_COOKIE}=${(await createSession(db, admin.id)).token}`;
    const [row] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(artworks)
        .values({ title: 'Target', slug: 'target', category: 'Florals' })
        .returning({ id: artworks.id }),
    );
    targetId = row!.id;
  });
  afterAll(() => db.close());

  const snapshot = () =>
    asSystem(db, 'test-setup', (sys) =>
      sys.select({ id: artworks.id, title: artworks.title, slug: artworks.slug }).from(artworks),
    );
  const newArtwork = {
    fields: { ...emptyArtworkForm, title: 'Intruder', slug: 'intruder', imageAlt: 'An intruding painting' },
    image: { publicUrl: '/media/florals/intruder/1-display.webp' },
  };

  const denials: [string, string][] = [
    ['no session', 'Sign in required'],
    ['a forged session cookie', 'Sign in required'],
    ['an expired session', 'Sign in required'],
    ['a signed-in non-admin', 'This area is restricted to administrators only.'],
  ];
  // Called directly, no proxy runs: headers that fool a proxy (x-middleware-subrequest) can do
  // nothing here. e2e/admin-gate.spec.ts sends them over HTTP, where they could.
  for (const [who, message] of denials) {
    it(`refuses ${who} and changes nothing`, async () => {
      const before = await snapshot();
      const invalidated = scope.invalidated;
      asRequest(cookies[who]);
      expect(await saveArtwork(newArtwork)).toEqual({ ok: false, error: message });
      expect(await saveArtwork({ id: targetId, fields: { ...newArtwork.fields, title: 'Defaced' } })).toEqual({
        ok: false,
        error: message,
      });
      expect(await deleteArtwork({ id: targetId })).toEqual({ ok: false, error: message });
      expect(await snapshot()).toEqual(before);
      expect(scope.invalidated).toBe(invalidated);
    });
  }

  it('lets an admin delete, which proves the denials above are not a broken fixture', async () => {
    asRequest(cookies['an admin']);
    expect(await deleteArtwork({ id: targetId })).toMatchObject({ ok: true });
    expect(
      await asSystem(db, 'test-setup', (sys) => sys.select().from(artworks).where(eq(artworks.id, targetId))),
    ).toEqual([]);
  });
});
