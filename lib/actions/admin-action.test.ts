import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Database } from '@/lib/db/port';
import { asUser } from '@/lib/db/roles';
import { profiles } from '@/lib/db/schema';
import { createTestDatabase } from '@/tests/support/db';
import { RequestDouble } from '@/tests/support/request-double';

const scope = vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
  return { request: undefined as unknown as RequestDouble, db: undefined as Database | undefined };
});
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => scope.request.cookieStore(),
  headers: async () => scope.request.headers,
}));
vi.mock('@/lib/database', () => ({ database: async () => scope.db! }));

const { adminAction } = await import('./admin-action');
const { adminRoute } = await import('./admin-route');
const { upsertLocalUser } = await import('@/lib/users/users');
const { createSession } = await import('@/lib/auth/local/sessions');
const { SESSION_COOKIE } = await import('@/lib/auth/local/cookie');

describe('adminAction and adminRoute: the one server boundary for admin code', () => {
  let db: Database;
  let adminToken: string;
  let viewerToken: string;
  const rename = adminAction(
    z.object({ title: z.string().min(1, 'Title is required.'), price: z.string().optional() }),
    async (input, ctx) => {
      const [me] = await asUser(ctx.db, ctx.claims, (tx) =>
        tx.select({ isAdmin: profiles.isAdmin }).from(profiles).where(eq(profiles.userId, ctx.user.id)),
      );
      return { title: input.title, by: ctx.user.email, isAdmin: me?.isAdmin };
    },
  );
  const explode = adminAction(z.object({}), async () => {
    throw new Error('Database Deletion Failed: row is locked');
  });
  let handled = 0;
  const route = adminRoute(async (_request, ctx) => {
    handled++;
    return Response.json({ email: ctx.user.email });
  });

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    scope.db = db;
    const admin = await upsertLocalUser(db, {
      email: 'admin@example.com',
      password: 'correct horse battery staple',
      admin: true,
    });
    const viewer = await upsertLocalUser(db, { email: 'viewer@example.com', password: 'viewer password 123' });
    adminToken = (await createSession(db, admin.id)).token;
    viewerToken = (await createSession(db, viewer.id)).token;
  });
  afterAll(() => db.close());
  beforeEach(() => {
    scope.request = new RequestDouble();
  });
  const as = (token: string) => scope.request.cookieStore().set(SESSION_COOKIE, token);

  it('refuses without a session, and for a non-admin, in the documented words, without running', async () => {
    expect(await rename({ title: 'x' })).toEqual({ ok: false, error: 'Sign in required' });
    as(viewerToken);
    expect(await rename({ title: 'x' })).toEqual({
      ok: false,
      error: 'This area is restricted to administrators only.',
    });
  });

  it('returns zod field errors flattened, with the first as the error', async () => {
    as(adminToken);
    const result = await rename({ title: '', price: 4 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBe('Title is required.');
    expect(result.fieldErrors?.title).toEqual(['Title is required.']);
    expect(result.fieldErrors?.price?.length).toBe(1);
  });

  it('runs the handler for an admin with a context bound to their claims', async () => {
    as(adminToken);
    expect(await rename({ title: 'Morning Tide' })).toEqual({
      ok: true,
      data: { title: 'Morning Tide', by: 'admin@example.com', isAdmin: true },
    });
    const form = new FormData();
    form.set('title', 'From a form');
    expect(await rename(form)).toMatchObject({ ok: true, data: { title: 'From a form' } });
  });

  it('turns an unexpected thrown error into { ok: false, error } with a friendly message (details only in the log)', async () => {
    as(adminToken);
    expect(await explode({})).toEqual({ ok: false, error: 'Something went wrong. Please try again.' });
  });

  it('route handlers answer 401 without a session, 403 for a non-admin, 200 for an admin', async () => {
    const call = () =>
      route(new Request('http://localhost/api/x', { method: 'POST' }), { params: Promise.resolve({}) });
    let response = await call();
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Sign in required' });
    as(viewerToken);
    response = await call();
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'This area is restricted to administrators only.' });
    as(adminToken);
    response = await call();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ email: 'admin@example.com' });
  });

  it('route handlers refuse a write from another site with 403, admin or not, before the handler runs', async () => {
    as(adminToken);
    const call = (method: string, headers: Record<string, string>) =>
      route(
        new Request('http://shop.example.org/api/x', { method, headers: { host: 'shop.example.org', ...headers } }),
        { params: Promise.resolve({}) },
      );
    const before = handled;
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'https://blog.example.org' },
      { origin: 'null' },
    ];
    for (const headers of crossSite) {
      const response = await call('POST', headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toEqual({ error: 'Cross-site request refused.' });
    }
    expect(handled).toBe(before);
    // The site's own pages: by Sec-Fetch-Site, by the configured SITE_URL, by the addressed host.
    const own: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin' },
      { origin: 'http://localhost:3000' },
      { origin: 'https://shop.example.org' },
      {},
    ];
    for (const headers of own) {
      expect((await call('POST', headers)).status, JSON.stringify(headers)).toBe(200);
    }
    // Reads are not writes: a link from elsewhere still opens.
    expect((await call('GET', { 'sec-fetch-site': 'cross-site' })).status).toBe(200);
  });
});
