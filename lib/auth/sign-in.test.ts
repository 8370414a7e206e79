import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { loginAttempts, sessions } from '@/lib/db/schema';
import { createTestDatabase, drivers } from '@/tests/support/db';
import { RequestDouble } from '../../tests/support/request-double';

// The real sign-in action, adapters and requireAdmin() inside a simulated request scope; only
// the password check is wrapped, to count how many guesses reach it.
// Each call runs in its own request scope (AsyncLocalStorage), so concurrent calls, as a botnet
// would send them, each see their own cookies and headers.
const scope = await vi.hoisted(async () => {
  // The tests play a proxy that appends the client's address to X-Forwarded-For.
  Object.assign(process.env, { LOG_LEVEL: 'silent', BCRYPT_COST: '4', TRUSTED_PROXY_HOPS: '1' });
  const { AsyncLocalStorage } = await import('node:async_hooks');
  return { requests: new AsyncLocalStorage<RequestDouble>(), db: undefined as Database | undefined, verified: 0 };
});
const request = () => scope.requests.getStore()!;
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => request().cookieStore(),
  headers: async () => request().headers,
}));
vi.mock('@/lib/database', () => ({ database: async () => scope.db! }));
vi.mock('@/lib/users/password', async (original) => {
  const real = await original<typeof import('@/lib/users/password')>();
  return {
    ...real,
    verifyPassword: async (...args: Parameters<typeof real.verifyPassword>) => {
      scope.verified++;
      // Slow enough that every concurrent request is in flight at once, as with bcrypt at cost 12.
      await new Promise((resolve) => setTimeout(resolve, 20));
      return real.verifyPassword(...args);
    },
  };
});

const { signIn } = await import('@/lib/account/sign-in-actions');
const { requireAdmin } = await import('./require-admin');
const { upsertLocalUser } = await import('@/lib/users/users');
const { SESSION_COOKIE } = await import('./local/cookie');
const { DEVICE_COOKIE } = await import('./device-cookie');
const { createSession, hashToken, verifySession } = await import('./local/sessions');
const { MAX_FAILURES, THROTTLED_MESSAGE } = await import('./throttle');

const PASSWORD = 'correct horse battery staple';

describe.each(drivers)('sign-in under attack, on %s', (driver) => {
  let db: Database;
  let n = 0;
  const ids: Record<string, string> = {};
  // A browser: its own cookie jar, a client address of its own (trusted here as a proxy's).
  const browser = (address = `198.51.100.${++n % 250}`) => {
    const request = new RequestDouble();
    request.headers.set('x-forwarded-for', address);
    return request;
  };
  const as = <T>(browserRequest: RequestDouble, work: () => Promise<T>) => scope.requests.run(browserRequest, work);

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    scope.db = db;
    for (const email of ['owner@example.com', 'rush@example.com', 'device@example.com', 'fixation@example.com'])
      ids[email] = (await upsertLocalUser(db, { email, password: PASSWORD, admin: true })).id;
  });
  afterAll(() => db.close());
  beforeEach(() => {
    scope.db = db;
    scope.verified = 0;
  });

  it(`40 simultaneous wrong passwords for one account: at most ${MAX_FAILURES} reach the password check`, async () => {
    // One request scope per call: each is its own browser and address, as a botnet's would be.
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        as(browser(`203.0.113.${i + 1}`), () => signIn({ email: 'rush@example.com', password: `guess ${i}` })),
      ),
    );
    expect(scope.verified).toBeLessThanOrEqual(MAX_FAILURES);
    expect(results.filter((r) => !r.ok && r.error === THROTTLED_MESSAGE).length).toBeGreaterThanOrEqual(
      40 - MAX_FAILURES,
    );
    const recorded = await asSystem(db, 'test-setup', (d) =>
      d.select().from(loginAttempts).where(eq(loginAttempts.email, 'rush@example.com')),
    );
    expect(recorded.length).toBe(scope.verified);
  });

  it('a stranger’s 50 failures lock out unknown browsers, but the owner’s browser (device cookie) signs in at once', async () => {
    const owner = browser();
    expect((await as(owner, () => signIn({ email: 'owner@example.com', password: PASSWORD }))).ok).toBe(true);
    expect(owner.jar.get(DEVICE_COOKIE)?.value).toMatch(/^[\w-]{22}\.[\w-]{43}$/);

    // The stranger: many addresses, no device cookie (or a forged one, or another account's).
    for (let i = 0; i < 50; i++) {
      const stranger = browser(`192.0.2.${i + 1}`);
      if (i % 3 === 1) stranger.cookieStore().set(DEVICE_COOKIE, `${'A'.repeat(22)}.${'B'.repeat(43)}`);
      await as(stranger, () => signIn({ email: 'owner@example.com', password: `guess ${i}` }));
    }
    expect(scope.verified).toBeLessThanOrEqual(1 + MAX_FAILURES);
    // An unknown browser, even with the right password, is refused for now.
    const newcomer = browser();
    expect(await as(newcomer, () => signIn({ email: 'owner@example.com', password: PASSWORD }))).toEqual({
      ok: false,
      error: THROTTLED_MESSAGE,
    });
    // The owner's browser, from any address, is not.
    owner.headers.set('x-forwarded-for', '192.0.2.1');
    owner.jar.delete(SESSION_COOKIE);
    expect(await as(owner, () => signIn({ email: 'owner@example.com', password: PASSWORD }))).toEqual({
      ok: true,
      data: { email: 'owner@example.com', admin: true },
    });
    expect((await as(owner, () => requireAdmin())).user.email).toBe('owner@example.com');
  });

  it('a device cookie that fails too often is locked out by itself, and names only its own account', async () => {
    const laptop = browser();
    const phone = browser();
    for (const device of [laptop, phone])
      expect((await as(device, () => signIn({ email: 'device@example.com', password: PASSWORD }))).ok).toBe(true);
    for (let i = 0; i < MAX_FAILURES; i++)
      await as(laptop, () => signIn({ email: 'device@example.com', password: `typo ${i}` }));
    expect(await as(laptop, () => signIn({ email: 'device@example.com', password: PASSWORD }))).toEqual({
      ok: false,
      error: THROTTLED_MESSAGE,
    });
    // The other known browser and unknown browsers keep their budgets.
    expect((await as(phone, () => signIn({ email: 'device@example.com', password: PASSWORD }))).ok).toBe(true);
    expect((await as(browser(), () => signIn({ email: 'device@example.com', password: PASSWORD }))).ok).toBe(true);
    // The locked device's cookie is no key to another account: there it is an unknown browser.
    const attempts = await asSystem(db, 'test-setup', (d) =>
      d.select().from(loginAttempts).where(eq(loginAttempts.email, 'owner@example.com')),
    );
    const before = attempts.length;
    await as(laptop, () => signIn({ email: 'owner@example.com', password: 'wrong' }));
    const [latest] = (
      await asSystem(db, 'test-setup', (d) =>
        d.select().from(loginAttempts).where(eq(loginAttempts.email, 'owner@example.com')),
      )
    ).slice(before);
    expect(latest?.device ?? null).toBeNull();
  });

  it('signing in ends the session the browser presented (session fixation)', async () => {
    // A token planted in the browser before sign-in (here: a real session of another user).
    const planted = await createSession(db, ids['owner@example.com']!);
    const victim = browser();
    victim.cookieStore().set(SESSION_COOKIE, planted.token);
    expect((await as(victim, () => signIn({ email: 'fixation@example.com', password: PASSWORD }))).ok).toBe(true);
    const issued = victim.jar.get(SESSION_COOKIE)!.value;
    expect(issued).not.toBe(planted.token);
    expect(await verifySession(db, planted.token)).toBeNull();
    const rows = await asSystem(db, 'test-setup', (d) =>
      d
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(planted.token))),
    );
    expect(rows).toEqual([]);
    expect((await verifySession(db, issued))?.user.email).toBe('fixation@example.com');
  });
});
