import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Database } from '@/lib/db/port';
import { asAdmin } from '@/lib/db/roles';
import { createTestDatabase } from '@/tests/support/db';
import { RequestDouble } from '@/tests/support/request-double';

// What the admin is told when an admin action or an admin read fails: never SQL or parameters.
const scope = vi.hoisted(() => ({
  request: undefined as unknown as RequestDouble,
  db: undefined as Database | undefined,
  logged: [] as unknown[],
}));
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => scope.request.cookieStore(),
  headers: async () => scope.request.headers,
}));
vi.mock('@/lib/database', () => ({ database: async () => scope.db! }));
vi.mock('@/lib/log/logger', () => {
  const record = (...args: unknown[]) => void scope.logged.push(args);
  return { logger: { error: record, warn: record, info: () => {}, debug: () => {} } };
});

const { adminAction } = await import('./admin-action');
const { UserFacingError } = await import('@/lib/http/user-facing-error');
const { loadArtworkForEdit, loadArtworksForManage } = await import('@/lib/artworks/admin/read');
const { upsertLocalUser } = await import('@/lib/users/users');
const { createSession } = await import('@/lib/auth/local/sessions');
const { SESSION_COOKIE } = await import('@/lib/auth/local/cookie');
const { requireAdmin } = await import('@/lib/auth/require-admin');

const SECRET_PARAMETER = 'parameter-only-the-server-may-see-31337';
const CORRELATION_ID = 'test-correlation-0123456789';

describe('errors shown to the admin', () => {
  let db: Database;
  let token: string;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    scope.db = db;
    const admin = await upsertLocalUser(db, {
      email: 'admin@example.com',
      password: 'correct horse battery staple',
      admin: true,
    });
    token = (await createSession(db, admin.id)).token;
  });
  afterAll(() => db.close());
  beforeEach(() => {
    scope.request = new RequestDouble();
    scope.request.headers.set('x-correlation-id', CORRELATION_ID);
    scope.request.cookieStore().set(SESSION_COOKIE, token);
    scope.logged = [];
  });

  const failingQuery = adminAction(z.object({}), (_input, ctx) =>
    asAdmin(ctx.db, ctx.claims, (tx) =>
      tx.execute(sql`select id from public.artworks where title = ${SECRET_PARAMETER} and no_such_column = 1`),
    ),
  );

  it('a failing query: a friendly message with the correlation id; the SQL and its parameters only in the server log', async () => {
    const result = await failingQuery({});
    expect(result).toEqual({
      ok: false,
      error: `Something went wrong. Please try again. Reference: ${CORRELATION_ID}`,
    });
    const shown = JSON.stringify(result);
    for (const leak of [SECRET_PARAMETER, 'select', 'artworks', 'no_such_column', 'params'])
      expect(shown).not.toContain(leak);
    // The details are not lost: the server log has them, under the same correlation id.
    const [fields] = scope.logged.at(-1) as [{ err: Error; correlationId: string }];
    expect(fields.correlationId).toBe(CORRELATION_ID);
    expect(`${fields.err.message} ${String((fields.err as { cause?: unknown }).cause)}`).toContain('no_such_column');
  });

  it('a deliberate domain error keeps its own words', async () => {
    const refuse = adminAction(z.object({}), async () => {
      throw new UserFacingError('That is not allowed.');
    });
    expect(await refuse({})).toEqual({ ok: false, error: 'That is not allowed.' });
    // The artwork actions' own refusals, through the real actions.
    const { deleteArtwork, saveArtwork } = await import('@/lib/artworks/admin/actions');
    expect(await deleteArtwork({ id: crypto.randomUUID() })).toEqual({ ok: false, error: 'Artwork not found.' });
    expect(await saveArtwork({ fields: { title: '' } })).toEqual({ ok: false, error: 'Title is required.' });
  });

  it('the admin artwork reads (manage list, edit form) never pass a database error through', async () => {
    const ctx = await requireAdmin();
    const failing = () =>
      Promise.reject(
        new Error(`Failed query: select * from public.artworks where id = $1\\nparams: ${SECRET_PARAMETER}`),
      );
    const broken = { ...ctx, db: { ...ctx.db, db: { ...ctx.db.db, transaction: failing } } } as unknown as typeof ctx;
    for (const result of [await loadArtworksForManage(broken), await loadArtworkForEdit(broken, crypto.randomUUID())]) {
      expect(result).toEqual({
        ok: false,
        error: `Something went wrong. Please try again. Reference: ${CORRELATION_ID}`,
      });
    }
    expect(await loadArtworkForEdit(ctx, crypto.randomUUID())).toEqual({ ok: false, error: 'Artwork not found.' });
  });
});
