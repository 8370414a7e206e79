import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { RequestDouble } from '@/tests/support/request-double';

// A database server that is not there (a closed port), reached exactly as in production:
// what the admin is told, what the health state and the log say.
const scope = vi.hoisted(() => {
  Object.assign(process.env, { LOG_LEVEL: 'silent' });
  return { request: undefined as unknown as RequestDouble, db: undefined as Database | undefined };
});
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => scope.request.cookieStore(),
  headers: async () => scope.request.headers,
}));
vi.mock('@/lib/database', () => ({ database: async () => scope.db! }));

const { openPostgres } = await import('./postgres-adapter');
const { asSystem, asVisitor } = await import('./roles');
const { createTestDatabase } = await import('../../tests/support/db');
const { DATABASE_UNREACHABLE, databaseHealth, isDatabaseUnreachable, summariseUnreachableErrors } =
  await import('./health');
const { freePort } = await import('@/scripts/next-process');
const { signIn } = await import('@/lib/account/sign-in-actions');
const { saveArtwork } = await import('@/lib/artworks/admin/actions');
const { SESSION_COOKIE } = await import('@/lib/auth/local/cookie');

describe('an unreachable database', () => {
  let away: Database;
  let present: Database;
  const logged: string[] = [];

  beforeAll(async () => {
    away = await openPostgres(`postgres://postgres:postgres@127.0.0.1:${await freePort()}/gone`);
    present = await createTestDatabase('postgres');
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await away.close();
    await present.close();
  });
  beforeEach(() => {
    scope.request = new RequestDouble();
    scope.db = away;
  });

  it('is told apart from a query that is wrong', async () => {
    const refused = await asVisitor(away, (tx) => tx.execute(sql`select 1`)).catch((error: unknown) => error);
    expect(isDatabaseUnreachable(refused)).toBe(true);
    const wrong = await asVisitor(present, (tx) => tx.execute(sql`select no_such_column from public.artworks`)).catch(
      (error: unknown) => error,
    );
    expect(wrong).toBeInstanceOf(Error);
    expect(isDatabaseUnreachable(wrong)).toBe(false);
  });

  it('is logged once when it goes and once when it is back, however many requests fail in between', async () => {
    await asVisitor(present, (tx) => tx.execute(sql`select 1`));
    logged.length = 0;
    for (let i = 0; i < 5; i++) await asSystem(away, 'app-log', (db) => db.execute(sql`select 1`)).catch(() => {});
    expect(databaseHealth().reachable).toBe(false);
    expect(logged.filter((line) => line.includes('cannot reach the database'))).toHaveLength(1);
    await asVisitor(present, (tx) => tx.execute(sql`select 1`));
    expect(databaseHealth().reachable).toBe(true);
    expect(logged.filter((line) => line.includes('reachable again'))).toHaveLength(1);
    expect(logged).toHaveLength(2);
  });

  it('errors that only say it is unreachable are counted, not logged, while it is away', async () => {
    await asVisitor(present, (tx) => tx.execute(sql`select 1`));
    const lines: unknown[][] = [];
    const sink = { error: (...args: unknown[]) => void lines.push(args) };
    summariseUnreachableErrors(sink);
    const refused = await asVisitor(away, (tx) => tx.execute(sql`select 1`)).catch((error: unknown) => error);
    for (let i = 0; i < 3; i++) sink.error('⨯', refused);
    sink.error('a real error', new Error('render failed'));
    expect(lines).toEqual([['a real error', expect.any(Error)]]);
    logged.length = 0;
    await asVisitor(present, (tx) => tx.execute(sql`select 1`));
    expect(logged.join('\n')).toContain('3 errors that only said so were not logged one by one');
    // Reachable again: such errors are logged as usual.
    sink.error('⨯', refused);
    expect(lines).toHaveLength(2);
  });

  it('a save says the site cannot reach its database and that nothing was saved', async () => {
    // A well-formed session token: only the database could say whether it is valid.
    scope.request.cookieStore().set(SESSION_COOKIE, 'A'.repeat(43));
    const started = Date.now();
    const result = await saveArtwork({ fields: { title: 'Morning on the Thames' } });
    expect(result).toEqual({ ok: false, error: DATABASE_UNREACHABLE });
    expect(DATABASE_UNREACHABLE).toMatch(/cannot reach its database.*nothing was saved/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('sign-in says the site cannot reach its database and that nothing was saved', async () => {
    const result = await signIn({ email: 'owner@example.com', password: 'correct horse battery staple' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/cannot reach its database.*Nothing was saved/);
  });
});
