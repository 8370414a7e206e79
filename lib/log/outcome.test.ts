import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Database } from '@/lib/db/port';
import { createTestDatabase } from '@/tests/support/db';
import { RequestDouble } from '@/tests/support/request-double';

// Every admin action and route call leaves one server log line: its outcome, how long it took,
// who called, and the request's correlation id.
type Line = { level: string; fields: Record<string, unknown>; message: string };
const scope = vi.hoisted(() => ({
  request: undefined as unknown as RequestDouble,
  db: undefined as Database | undefined,
  lines: [] as Line[],
}));
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => scope.request.cookieStore(),
  headers: async () => scope.request.headers,
}));
vi.mock('@/lib/database', () => ({ database: async () => scope.db! }));
vi.mock('@/lib/log/logger', () => {
  const at = (level: string) => (fields: Record<string, unknown>, message: string) =>
    void scope.lines.push({ level, fields, message });
  return { logger: { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') } };
});

const { adminAction } = await import('@/lib/actions/admin-action');
const { adminRoute } = await import('@/lib/actions/admin-route');
const { UserFacingError } = await import('@/lib/http/user-facing-error');
const { upsertLocalUser } = await import('@/lib/users/users');
const { createSession } = await import('@/lib/auth/local/sessions');
const { SESSION_COOKIE } = await import('@/lib/auth/local/cookie');

const CORRELATION_ID = 'outcome-test-0123456789';

describe('server log lines of admin actions and routes', () => {
  let db: Database;
  let adminId: string;
  let adminToken: string;
  let viewerToken: string;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    scope.db = db;
    adminId = (
      await upsertLocalUser(db, { email: 'admin@example.com', password: 'correct horse battery staple', admin: true })
    ).id;
    const viewer = await upsertLocalUser(db, { email: 'viewer@example.com', password: 'viewer password 123' });
    adminToken = (await createSession(db, adminId)).token;
    viewerToken = (await createSession(db, viewer.id)).token;
  });
  afterAll(() => db.close());
  beforeEach(() => {
    scope.request = new RequestDouble();
    scope.request.headers.set('x-correlation-id', CORRELATION_ID);
    scope.lines = [];
  });
  const as = (token: string) => scope.request.cookieStore().set(SESSION_COOKIE, token);

  const rename = adminAction(
    z.object({ title: z.string().min(1, 'Title is required.') }),
    async ({ title }) => ({ title }),
    { name: 'renameThing' },
  );
  const refuse = adminAction(
    z.object({}),
    async () => {
      throw new UserFacingError('Artwork not found.');
    },
    { name: 'refuseThing' },
  );
  const explode = adminAction(
    z.object({}),
    async () => {
      throw new Error('row is locked');
    },
    { name: 'explodeThing' },
  );

  it('an action: one line per call, info when ok, invalid or refused, warn when denied, error when it failed', async () => {
    as(adminToken);
    await rename({ title: 'Morning Tide' });
    await rename({ title: '' });
    await refuse({});
    await explode({});
    as(viewerToken);
    await rename({ title: 'x' });
    expect(
      scope.lines.map(({ level, fields, message }) => [
        level,
        message,
        fields.action,
        fields.outcome,
        fields.correlationId,
      ]),
    ).toEqual([
      ['info', 'admin action ok', 'renameThing', 'ok', CORRELATION_ID],
      ['info', 'admin action invalid', 'renameThing', 'invalid', CORRELATION_ID],
      ['info', 'admin action refused', 'refuseThing', 'refused', CORRELATION_ID],
      ['error', 'admin action failed', 'explodeThing', 'failed', CORRELATION_ID],
      ['warn', 'admin action denied', 'renameThing', 'denied', CORRELATION_ID],
    ]);
    for (const { fields } of scope.lines) expect(fields.durationMs).toEqual(expect.any(Number));
    expect(scope.lines[0]!.fields.userId).toBe(adminId);
    expect(scope.lines[1]!.fields.reason).toBe('Title is required.');
    expect((scope.lines[3]!.fields.err as Error).message).toBe('row is locked');
    expect(scope.lines[4]!.fields.reason).toBe('not-admin');
  });

  it('a route: one line per call with its method, path, status and the correlation id of the request', async () => {
    const route = adminRoute(async (request) =>
      new URL(request.url).searchParams.has('bad')
        ? Response.json({ error: 'No file provided for upload.' }, { status: 400 })
        : Response.json({ ok: true }),
    );
    const crash = adminRoute(async () => {
      throw new Error('disk full');
    });
    const call = (handler: typeof route, url: string) =>
      handler(new Request(url, { method: 'POST', headers: { 'x-correlation-id': CORRELATION_ID } }), {
        params: Promise.resolve({}),
      });
    as(adminToken);
    await call(route, 'http://localhost/api/upload-artwork-image');
    await call(route, 'http://localhost/api/upload-artwork-image?bad');
    const failed = await call(crash, 'http://localhost/api/upload-artwork-image');
    expect(await failed.json()).toEqual({
      error: `Something went wrong. Please try again. Reference: ${CORRELATION_ID}`,
    });
    scope.request.jar.clear();
    await call(route, 'http://localhost/api/upload-artwork-image');
    expect(
      scope.lines.map(({ level, fields }) => [
        level,
        fields.route,
        fields.outcome,
        fields.status,
        fields.correlationId,
      ]),
    ).toEqual([
      ['info', 'POST /api/upload-artwork-image', 'ok', 200, CORRELATION_ID],
      ['info', 'POST /api/upload-artwork-image', 'refused', 400, CORRELATION_ID],
      ['error', 'POST /api/upload-artwork-image', 'failed', 500, CORRELATION_ID],
      ['warn', 'POST /api/upload-artwork-image', 'denied', 401, CORRELATION_ID],
    ]);
  });
});
