import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPglite } from '@/lib/db/pglite-adapter';
import type { Database } from '@/lib/db/port';
import { asAdmin, asSystem, type Claims } from '@/lib/db/roles';
import { artworks, logsApp } from '@/lib/db/schema';
import { RequestDouble } from '@/tests/support/request-double';
import { startIndexNowStandIn } from '@/tests/support/indexnow-stand-in';

// The real route, adminRoute, requireAdmin, local sessions, the sitemap and the IndexNow call run
// against a PGlite database persisted in a folder (so it can be reopened, as after a restart) and
// a local stand-in for IndexNow. Only Next's request scope and cache API are stood in for.
const scope = vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
  process.env.SITE_URL = 'https://elenamarsh.example';
  process.env.INDEXNOW_KEY = 'route-test-key-42';
  return {
    request: undefined as unknown as RequestDouble,
    db: undefined as Database | undefined,
    expired: [] as string[],
  };
});
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => scope.request.cookieStore(),
  headers: async () => scope.request.headers,
}));
vi.mock('next/cache', () => ({
  cacheLife: () => {},
  cacheTag: () => {},
  revalidateTag: (tag: string) => scope.expired.push(tag),
  updateTag: (tag: string) => scope.expired.push(tag),
}));
vi.mock('@/lib/database', () => ({ database: async () => scope.db! }));

const standIn = await startIndexNowStandIn();
process.env.INDEXNOW_ENDPOINT = standIn.endpoint;

const { POST } = await import('./route');
const { upsertLocalUser } = await import('@/lib/users/users');
const { createSession } = await import('@/lib/auth/local/sessions');
const { SESSION_COOKIE } = await import('@/lib/auth/local/cookie');
const { queueUrlChanges } = await import('@/lib/search-engines/changes');
const { readSitemapState } = await import('@/lib/search-engines/queue');
const { GOOGLE_RESULT } = await import('@/lib/sitemap/messages');

async function send(cookie: string | undefined, headers: Record<string, string> = {}) {
  const request = new Request('https://elenamarsh.example/api/generate-sitemap', {
    method: 'POST',
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
  scope.request = new RequestDouble();
  request.headers.forEach((value, name) => scope.request.headers.set(name, value));
  if (cookie) scope.request.cookieStore().set(SESSION_COOKIE, cookie.split('=').slice(1).join('='));
  const response = await POST(request, { params: Promise.resolve({}) });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    cacheControl: response.headers.get('cache-control'),
  };
}

describe('POST /api/generate-sitemap', () => {
  let dir: string;
  let db: Database;
  let admin: Claims;
  let adminCookie: string;
  let viewerCookie: string;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'generate-sitemap-'));
    db = await openPglite({ dataDir: dir });
    scope.db = db;
    const a = await upsertLocalUser(db, {
      email: 'admin@example.com',
      password: 'correct horse battery staple',
      admin: true,
    });
    const v = await upsertLocalUser(db, { email: 'viewer@example.com', password: 'viewer password 123' });
    admin = { sub: a.id, email: 'admin@example.com', role: 'authenticated' };
    adminCookie = `${SESSION_COOKIE}=${(await createSession(db, a.id)).token}`;
    viewerCookie = `${SESSION_COOKIE}=${(await createSession(db, v.id)).token}`;
    await asSystem(db, 'test-setup', (sys) =>
      sys.insert(artworks).values({ title: 'Quiet Lane', slug: 'quiet-lane', category: 'Landscapes' }),
    );
  });
  afterAll(async () => {
    await standIn.close();
    await scope.db?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('refuses a visitor (401) and a signed-in non-admin (403), sending nothing', async () => {
    expect((await send(undefined)).status).toBe(401);
    expect((await send(viewerCookie)).status).toBe(403);
    expect(standIn.received).toHaveLength(0);
    expect(scope.expired).toEqual([]);
  });

  it('refreshes the sitemap, notifies IndexNow of the queued addresses, and answers {sitemapUrl, pingResult: {google, bing}, fatal, error}', async () => {
    await asAdmin(db, admin, (tx) => queueUrlChanges(tx, ['/gallery/landscapes/quiet-lane', '/gallery/landscapes']));
    const response = await send(adminCookie, { 'x-correlation-id': 'corr-sitemap-0001' });
    expect(response.status).toBe(200);
    expect(response.cacheControl).toBe('no-store');
    expect(response.body).toMatchObject({
      sitemapUrl: 'https://elenamarsh.example/sitemap.xml',
      pingResult: { google: GOOGLE_RESULT, bing: 'IndexNow accepted 2 changed addresses (HTTP 202)' },
      fatal: false,
      error: null,
      queued: 0,
    });
    expect(scope.expired).toContain('artworks');
    expect(standIn.received).toHaveLength(1);
    const body = standIn.received[0]!.body as { urlList: string[] };
    expect({ ...body, urlList: [...body.urlList].sort() }).toEqual({
      host: 'elenamarsh.example',
      key: 'route-test-key-42',
      keyLocation: 'https://elenamarsh.example/route-test-key-42.txt',
      urlList: [
        'https://elenamarsh.example/gallery/landscapes',
        'https://elenamarsh.example/gallery/landscapes/quiet-lane',
      ],
    });
  });

  it('is honest about Google: its ping was retired, nothing is sent to it, robots.txt is how it finds the sitemap', () => {
    expect(GOOGLE_RESULT).toMatch(/retired/);
    expect(GOOGLE_RESULT).toMatch(/robots\.txt/);
    expect(GOOGLE_RESULT).not.toMatch(/success|\b200\b|accepted/i);
    expect(standIn.received.every((request) => !JSON.stringify(request).includes('google'))).toBe(true);
  });

  it('records the run in the Application Logs with the request’s correlation id', async () => {
    const rows = await asSystem(db, 'test-setup', (sys) =>
      sys.select().from(logsApp).where(eq(logsApp.feature, 'sitemap')),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ level: 'info', correlationId: 'corr-sitemap-0001', userId: admin.sub });
    expect(rows[0]!.message).toContain('Sitemap generated (');
  });

  it('with nothing changed since, sends no request and says so', async () => {
    const response = await send(adminCookie);
    expect(response.body.pingResult).toMatchObject({
      bing: 'nothing changed since the last notification, so no request was sent',
    });
    expect(standIn.received).toHaveLength(1);
  });

  it('keeps "Last generated" across a restart (the database reopened)', async () => {
    const response = await send(adminCookie);
    const generated = response.body.lastGenerated as string;
    await db.close();
    db = await openPglite({ dataDir: dir });
    scope.db = db;
    const state = await asAdmin(db, admin, readSitemapState);
    expect(state.lastGeneratedAt?.toISOString()).toBe(generated);
    expect(state.lastOutcome).toBe('IndexNow accepted 2 changed addresses (HTTP 202)');
  });
});
