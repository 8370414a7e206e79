import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { logsApp } from '@/lib/db/schema';
import { createTestDatabase } from '@/tests/support/db';
import { RequestDouble } from '@/tests/support/request-double';

// A sign-in lock-out is a security event: a warn row in the Application Logs, carrying the
// correlation id of the refused request, once per address and window whatever the emails tried.
const scope = vi.hoisted(() => {
  Object.assign(process.env, { LOG_LEVEL: 'silent', TRUSTED_PROXY_HOPS: '1' });
  return { request: undefined as unknown as RequestDouble, db: undefined as Database | undefined };
});
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => scope.request.cookieStore(),
  headers: async () => scope.request.headers,
}));
vi.mock('@/lib/database', () => ({ database: async () => scope.db! }));

const { signIn } = await import('@/lib/account/sign-in-actions');
const { upsertLocalUser } = await import('@/lib/users/users');
const { THROTTLED_MESSAGE } = await import('@/lib/auth/throttle');
const { SECURITY_LOG_TYPE, securityEventMessages } = await import('./security-events');
const LOCK_OUT_MESSAGE = securityEventMessages.lockOut;

describe('sign-in lock-outs in the Application Logs', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    scope.db = db;
    await upsertLocalUser(db, { email: 'viewer@example.com', password: 'viewer password 123' });
  });
  afterAll(() => db.close());
  beforeEach(() => {
    scope.request = new RequestDouble();
    scope.request.headers.set('x-forwarded-for', '192.0.2.50');
  });
  const lockOutRows = () =>
    asSystem(db, 'test-setup', (sys) => sys.select().from(logsApp).where(eq(logsApp.message, LOCK_OUT_MESSAGE)));

  it('records one warn row with the refused request’s correlation id; further refusals in the window add none', async () => {
    for (let i = 0; i < 10; i++) {
      scope.request.headers.set('x-correlation-id', `guess-${i}-0123456789`);
      expect((await signIn({ email: 'viewer@example.com', password: `guess ${i}` })).ok).toBe(false);
    }
    // Ten failures are not yet a lock-out.
    expect(await lockOutRows()).toEqual([]);
    scope.request.headers.set('x-correlation-id', 'locked-out-0123456789');
    expect(await signIn({ email: 'viewer@example.com', password: 'viewer password 123' })).toEqual({
      ok: false,
      error: THROTTLED_MESSAGE,
    });
    const rows = await lockOutRows();
    expect(rows).toEqual([
      expect.objectContaining({
        level: 'warn',
        type: SECURITY_LOG_TYPE,
        message: LOCK_OUT_MESSAGE,
        correlationId: 'locked-out-0123456789',
        meta: {
          email: 'viewer@example.com',
          ip: '192.0.2.50',
          block: '192.0.2.50',
          factor: 'password',
          knownDevice: false,
        },
      }),
    ]);
    scope.request.headers.set('x-correlation-id', 'locked-out-again-0123456789');
    expect(await signIn({ email: 'viewer@example.com', password: 'viewer password 123' })).toEqual({
      ok: false,
      error: THROTTLED_MESSAGE,
    });
    expect(await lockOutRows()).toHaveLength(1);
  });

  it('an address whose budget is spent writes one row however many made-up emails it tries, one after another or at once', async () => {
    await asSystem(db, 'test-setup', (sys) => sys.delete(logsApp));
    scope.request.headers.set('x-forwarded-for', '203.0.113.9');
    // Spend the address's budget, then try new made-up accounts.
    for (let i = 0; i < 10; i++)
      expect(await signIn({ email: `spend-${i}@example.com`, password: `guess ${i}` })).toEqual({
        ok: false,
        error: 'Invalid email or password.',
      });
    for (let i = 0; i < 20; i++)
      expect(await signIn({ email: `made-up-${i}@example.com`, password: 'anything at all' })).toEqual({
        ok: false,
        error: THROTTLED_MESSAGE,
      });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn({ email: `at-once-${i}@example.com`, password: 'anything at all' })),
    );
    const rows = await lockOutRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.meta).toMatchObject({ ip: '203.0.113.9' });
  });

  it('the addresses of one IPv6 /64 are one address: forty of them trying a locked account write one row', async () => {
    await asSystem(db, 'test-setup', (sys) => sys.delete(logsApp));
    await upsertLocalUser(db, { email: 'owner@example.com', password: 'owner password 123' });
    scope.request.headers.set('x-forwarded-for', '198.51.100.4');
    for (let i = 0; i < 10; i++)
      expect((await signIn({ email: 'owner@example.com', password: `guess ${i}` })).ok).toBe(false);
    await asSystem(db, 'test-setup', (sys) => sys.delete(logsApp));
    for (let i = 1; i <= 40; i++) {
      scope.request.headers.set('x-forwarded-for', `2001:db8:7:7:${i.toString(16)}::${(i * 7).toString(16)}`);
      expect(await signIn({ email: 'owner@example.com', password: 'owner password 123' })).toEqual({
        ok: false,
        error: THROTTLED_MESSAGE,
      });
    }
    const rows = await lockOutRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.meta).toMatchObject({ block: '2001:db8:7:7::/64' });
    // Another /64 is another client.
    scope.request.headers.set('x-forwarded-for', '2001:db8:7:8::1');
    expect(await signIn({ email: 'owner@example.com', password: 'owner password 123' })).toEqual({
      ok: false,
      error: THROTTLED_MESSAGE,
    });
    expect(await lockOutRows()).toHaveLength(2);
  });
});
