import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/client';
import { asSystem } from '@/lib/db/roles';
import { logsApp } from '@/lib/db/schema';
import { createTestDatabase } from '@/lib/db/testing';
import { RequestDouble } from '@/lib/auth/testing/request-double';

// A sign-in lock-out is an admin-visible event: a warn row in the Application Logs, carrying the
// correlation id of the refused request, once per account, address and window.
const scope = vi.hoisted(() => {
  Object.assign(process.env, { LOG_LEVEL: 'silent', TRUSTED_PROXY_HOPS: '1' });
  return { request: undefined as unknown as RequestDouble, db: undefined as Database | undefined };
});
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({ cookies: async () => scope.request.cookieStore(), headers: async () => scope.request.headers }));
vi.mock('@/lib/db', () => ({ database: async () => scope.db! }));

const { signIn } = await import('@/lib/auth/actions');
const { upsertLocalUser } = await import('@/lib/auth/users');
const { THROTTLED_MESSAGE } = await import('@/lib/auth/throttle');
const { LOCK_OUT_MESSAGE } = await import('./lock-out');

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
  const lockOutRows = () => asSystem(db, 'test-setup', (sys) => sys.select().from(logsApp).where(eq(logsApp.feature, 'auth')));

  it('records one warn row with the refused request’s correlation id; further refusals in the window add none', async () => {
    for (let i = 0; i < 10; i++) {
      scope.request.headers.set('x-correlation-id', `guess-${i}-0123456789`);
      expect((await signIn({ email: 'viewer@example.com', password: `guess ${i}` })).ok).toBe(false);
    }
    // Ten failures are not yet a lock-out.
    expect(await lockOutRows()).toEqual([]);
    scope.request.headers.set('x-correlation-id', 'locked-out-0123456789');
    expect(await signIn({ email: 'viewer@example.com', password: 'viewer password 123' })).toEqual({ ok: false, error: THROTTLED_MESSAGE });
    const rows = await lockOutRows();
    expect(rows).toEqual([
      expect.objectContaining({ level: 'warn', type: 'backend', message: LOCK_OUT_MESSAGE, correlationId: 'locked-out-0123456789', meta: { email: 'viewer@example.com', ip: '192.0.2.50', factor: 'password', knownDevice: false } }),
    ]);
    scope.request.headers.set('x-correlation-id', 'locked-out-again-0123456789');
    expect(await signIn({ email: 'viewer@example.com', password: 'viewer password 123' })).toEqual({ ok: false, error: THROTTLED_MESSAGE });
    expect(await lockOutRows()).toHaveLength(1);
  });
});
