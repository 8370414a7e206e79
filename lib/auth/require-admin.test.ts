import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem, asUser } from '@/lib/db/roles';
import { profiles, sessions } from '@/lib/db/schema';
import { createTestDatabase, drivers } from '@/tests/support/db';
import { RequestDouble } from '../../tests/support/request-double';

// The real adapters, actions and requireAdmin(), inside a simulated request scope.
const scope = vi.hoisted(() => {
  // The tests play one proxy in front of the app, appending the client's address.
  Object.assign(process.env, { LOG_LEVEL: 'silent', TRUSTED_PROXY_HOPS: '1' });
  return {
    request: undefined as unknown as RequestDouble,
    db: undefined as Database | undefined,
    dbError: null as Error | null,
  };
});
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => scope.request.cookieStore(),
  headers: async () => scope.request.headers,
}));
vi.mock('@/lib/database', () => ({
  database: async () => {
    if (scope.dbError) throw scope.dbError;
    return scope.db!;
  },
}));

const { checkAdmin, evaluateAdmin, requireAdmin } = await import('./require-admin');
const { signIn, signOut } = await import('@/lib/account/sign-in-actions');
const { upsertLocalUser } = await import('@/lib/users/users');
const { createSession, hashToken } = await import('./local/sessions');
const { SESSION_COOKIE } = await import('./local/cookie');
const { THROTTLED_MESSAGE } = await import('./throttle');
const { AdminRequiredError } = await import('./types');

async function denial(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AdminRequiredError);
  return (error as InstanceType<typeof AdminRequiredError>).reason;
}

describe.each(drivers)('requireAdmin and sign-in with local accounts on %s', (driver) => {
  let db: Database;
  let viewerId: string;
  let ip = 0;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    await upsertLocalUser(db, { email: 'admin@example.com', password: 'correct horse battery staple', admin: true });
    ({ id: viewerId } = await upsertLocalUser(db, { email: 'viewer@example.com', password: 'viewer password 123' }));
  });
  afterAll(() => db.close());
  beforeEach(() => {
    scope.request = new RequestDouble();
    // Each test signs in from its own address, so throttling in one does not leak into another.
    // What the client claimed, then what the proxy saw: only the proxy's entry counts.
    scope.request.headers.set('x-forwarded-for', `10.0.0.1, 198.51.100.${++ip}`);
    scope.db = db;
    scope.dbError = null;
  });

  it('no session: requireAdmin throws no-session, and the gate shows the login screen', async () => {
    expect(await denial(requireAdmin())).toBe('no-session');
    expect(await checkAdmin()).toEqual({ ok: false, reason: 'no-session' });
  });

  it('a forged cookie is no session', async () => {
    scope.request.cookieStore().set(SESSION_COOKIE, 'A'.repeat(43));
    expect(await denial(requireAdmin())).toBe('no-session');
    scope.request.cookieStore().set(SESSION_COOKIE, 'admin@example.com');
    expect(await denial(requireAdmin())).toBe('no-session');
  });

  it('an expired session is no session', async () => {
    const admin = await signIn({ email: 'admin@example.com', password: 'correct horse battery staple' });
    expect(admin.ok).toBe(true);
    const token = scope.request.jar.get(SESSION_COOKIE)!.value;
    await asSystem(db, 'test-setup', (d) =>
      d
        .update(sessions)
        .set({ createdAt: new Date('2020-01-01T00:00:00Z'), expiresAt: new Date('2020-01-08T00:00:00Z') })
        .where(eq(sessions.tokenHash, hashToken(token))),
    );
    expect(await denial(requireAdmin())).toBe('no-session');
  });

  it('a non-admin session is not-admin, with the email for the Access Denied screen', async () => {
    const { token } = await createSession(db, viewerId);
    scope.request.cookieStore().set(SESSION_COOKIE, token);
    expect(await denial(requireAdmin())).toBe('not-admin');
    expect(await checkAdmin()).toEqual({ ok: false, reason: 'not-admin', email: 'viewer@example.com' });
  });

  it('a user without a profile is not an admin', async () => {
    const { id } = await upsertLocalUser(db, { email: 'noprofile@example.com', password: 'no profile here' });
    await asSystem(db, 'test-setup', (d) => d.delete(profiles).where(eq(profiles.userId, id)));
    scope.request.cookieStore().set(SESSION_COOKIE, (await createSession(db, id)).token);
    expect(await denial(requireAdmin())).toBe('not-admin');
  });

  it('an admin session passes, with a context that runs queries under the admin’s claims', async () => {
    const result = await signIn({ email: ' Admin@Example.com ', password: 'correct horse battery staple' });
    expect(result).toEqual({ ok: true, data: { email: 'admin@example.com', admin: true } });
    const ctx = await requireAdmin();
    expect(ctx.user.email).toBe('admin@example.com');
    expect(ctx.claims).toEqual({ sub: ctx.user.id, email: 'admin@example.com', role: 'authenticated' });
    expect(ctx.db).toBe(db);
    // RLS sees the admin: every profile is readable, which only admins may do.
    const visible = await asUser(ctx.db, ctx.claims, (tx) => tx.select({ id: profiles.userId }).from(profiles));
    expect(visible.length).toBeGreaterThanOrEqual(2);
  });

  it('a failing check is check-failed, never a pass', async () => {
    scope.request.cookieStore().set(SESSION_COOKIE, (await createSession(db, viewerId)).token);
    scope.dbError = new Error('connection refused');
    expect(await denial(requireAdmin())).toBe('check-failed');
    scope.dbError = null;
    const failure = new Error('database unavailable');
    const broken = { ...db, db: { ...db.db, transaction: () => Promise.reject(failure) } } as unknown as Database;
    const session = {
      user: { id: viewerId, email: 'viewer@example.com' },
      claims: { sub: viewerId, email: 'viewer@example.com', role: 'authenticated' as const },
      expiresAt: new Date(),
    };
    // The cause is kept, so an unreachable database can be told as such (lib/db/health.ts).
    expect(await evaluateAdmin(broken, session)).toEqual({
      ok: false,
      reason: 'check-failed',
      email: 'viewer@example.com',
      cause: failure,
    });
  });

  it('a non-admin cannot make itself admin through the app path', async () => {
    expect(await signIn({ email: 'viewer@example.com', password: 'viewer password 123' })).toEqual({
      ok: true,
      data: { email: 'viewer@example.com', admin: false },
    });
    expect(await denial(requireAdmin())).toBe('not-admin');
    const session = (await checkAdmin()) as { ok: false; email?: string };
    expect(session.email).toBe('viewer@example.com');
    const claims = { sub: viewerId, email: 'viewer@example.com', role: 'authenticated' as const };
    const changed = await asUser(db, claims, (tx) =>
      tx.update(profiles).set({ isAdmin: true }).where(eq(profiles.userId, viewerId)).returning(),
    );
    expect(changed).toEqual([]);
    // A blanket update is filtered by the policy to nothing (or refused): either way no change.
    await asUser(db, claims, (tx) => tx.execute(sql`update public.profiles set is_admin = true`)).catch(
      () => undefined,
    );
    const [mine] = await asSystem(db, 'test-setup', (d) =>
      d.select({ isAdmin: profiles.isAdmin }).from(profiles).where(eq(profiles.userId, viewerId)),
    );
    expect(mine?.isAdmin).toBe(false);
    expect(await denial(requireAdmin())).toBe('not-admin');
  });

  it('a wrong password or unknown account signs nobody in, with one message for both', async () => {
    const wrong = await signIn({ email: 'admin@example.com', password: 'wrong password' });
    const unknown = await signIn({ email: 'nobody@example.com', password: 'wrong password' });
    expect(wrong).toEqual({ ok: false, error: 'Invalid email or password.' });
    expect(unknown).toEqual(wrong);
    expect(scope.request.jar.has(SESSION_COOKIE)).toBe(false);
  });

  it('the form data path validates email and password as required', async () => {
    const form = new FormData();
    form.set('email', '');
    form.set('password', '');
    const result = await signIn(form);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors?.email).toEqual(['Email is required.']);
    expect(result.fieldErrors?.password).toEqual(['Password is required.']);
  });

  it('sets an HttpOnly, SameSite=Lax, path=/ cookie holding an opaque token', async () => {
    const form = new FormData();
    form.set('email', 'admin@example.com');
    form.set('password', 'correct horse battery staple');
    expect((await signIn(form)).ok).toBe(true);
    const cookie = scope.request.jar.get(SESSION_COOKIE)!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.options).toMatchObject({ httpOnly: true, sameSite: 'lax', path: '/' });
    expect(cookie.options?.maxAge).toBeGreaterThan(0);
  });

  it('sign-out deletes the session row and the cookie', async () => {
    await signIn({ email: 'admin@example.com', password: 'correct horse battery staple' });
    const token = scope.request.jar.get(SESSION_COOKIE)!.value;
    expect(await signOut()).toEqual({ ok: true, data: null });
    expect(scope.request.jar.has(SESSION_COOKIE)).toBe(false);
    const rows = await asSystem(db, 'test-setup', (d) =>
      d
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token))),
    );
    expect(rows).toEqual([]);
    // The old token, replayed, is refused.
    scope.request.cookieStore().set(SESSION_COOKIE, token);
    expect(await denial(requireAdmin())).toBe('no-session');
  });

  it('after 10 failures for an account, even the right password is refused with the documented message', async () => {
    for (let i = 0; i < 10; i++) {
      scope.request.headers.set('x-forwarded-for', `192.0.2.${i + 1}`);
      expect((await signIn({ email: 'viewer@example.com', password: `guess ${i}` })).ok).toBe(false);
    }
    scope.request.headers.set('x-forwarded-for', '192.0.2.200');
    expect(await signIn({ email: 'viewer@example.com', password: 'viewer password 123' })).toEqual({
      ok: false,
      error: THROTTLED_MESSAGE,
    });
    expect(THROTTLED_MESSAGE).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.');
    expect(scope.request.jar.has(SESSION_COOKIE)).toBe(false);
  });

  it('after 10 failures from an address, that address is refused for every account', async () => {
    scope.request.headers.set('x-forwarded-for', '203.0.113.99');
    for (let i = 0; i < 10; i++) await signIn({ email: `guess${i}@example.com`, password: 'whatever it is' });
    expect(await signIn({ email: 'admin@example.com', password: 'correct horse battery staple' })).toEqual({
      ok: false,
      error: THROTTLED_MESSAGE,
    });
    // A client's own claim to be elsewhere changes nothing; another address does.
    scope.request.headers.set('x-forwarded-for', '203.0.113.100, 203.0.113.99');
    expect(await signIn({ email: 'admin@example.com', password: 'correct horse battery staple' })).toEqual({
      ok: false,
      error: THROTTLED_MESSAGE,
    });
    scope.request.headers.set('x-forwarded-for', '203.0.113.100');
    expect((await signIn({ email: 'admin@example.com', password: 'correct horse battery staple' })).ok).toBe(true);
  });
});
