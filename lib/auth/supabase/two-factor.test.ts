import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { authUsers, profiles } from '@/lib/db/schema';
import { createTestDatabase } from '@/tests/support/db';
import { RequestDouble } from '../../../tests/support/request-double';
import { totpCodeAt } from '@/tests/support/totp-codes';
import { startAuthDouble, type AuthDouble } from '../../../tests/support/supabase-auth-double';

/**
 * Two-factor sign-in in Supabase mode: Supabase Auth's MFA API (enroll, challenge, verify,
 * unenroll, listFactors) through the real @supabase/ssr and supabase-js code, against the local
 * double of the Auth endpoints (tests/support/supabase-auth-double.ts). No Supabase runs here.
 */
const scope = vi.hoisted(() => ({
  request: undefined as unknown as RequestDouble,
  db: undefined as Database | undefined,
}));
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => scope.request.cookieStore(),
  headers: async () => scope.request.headers,
}));
vi.mock('@/lib/database', () => ({ database: async () => scope.db! }));

let auth: AuthDouble;
let mod: {
  requireAdmin: typeof import('../require-admin').requireAdmin;
  signIn: typeof import('@/lib/account/sign-in-actions').signIn;
  signOut: typeof import('@/lib/account/sign-in-actions').signOut;
  verifySecondFactor: typeof import('@/lib/account/sign-in-actions').verifySecondFactor;
  getSession: typeof import('../session').getSession;
  getPendingSignIn: typeof import('../pending-sign-in').getPendingSignIn;
  startTwoFactor: typeof import('@/lib/account/two-factor-actions').startTwoFactor;
  confirmTwoFactor: typeof import('@/lib/account/two-factor-actions').confirmTwoFactor;
  disableTwoFactor: typeof import('@/lib/account/two-factor-actions').disableTwoFactor;
};
let adminId: string;
const PASSWORD = 'correct horse battery staple';

beforeAll(async () => {
  auth = await startAuthDouble();
  Object.assign(process.env, {
    NEXT_PUBLIC_SUPABASE_URL: auth.url,
    NEXT_PUBLIC_SUPABASE_ANON_KEY: auth.anonKey,
    DATABASE_URL: 'postgres://unused-the-database-is-mocked/db',
    LOG_LEVEL: 'silent',
    TRUSTED_PROXY_HOPS: '1',
  });
  const { env } = await import('@/lib/env');
  expect(env().authAdapter).toBe('supabase');
  mod = {
    ...(await import('../require-admin')),
    ...(await import('@/lib/account/sign-in-actions')),
    ...(await import('../session')),
    ...(await import('../pending-sign-in')),
    ...(await import('@/lib/account/two-factor-actions')),
  };
  scope.db = await createTestDatabase('pglite');
  adminId = auth.addUser('admin@example.com', PASSWORD).id;
  await asSystem(scope.db, 'test-setup', async (db) => {
    await db.insert(authUsers).values([{ id: adminId, email: 'admin@example.com' }]);
    await db
      .update(profiles)
      .set({ isAdmin: true })
      .where((await import('drizzle-orm')).eq(profiles.userId, adminId));
  });
});
afterAll(async () => {
  await scope.db?.close();
  await auth?.close();
});
let ip = 0;
beforeEach(() => {
  scope.request = new RequestDouble();
  scope.request.headers.set('x-forwarded-for', `198.51.100.${++ip}`);
  auth.calls.length = 0;
});

const claimsOfCookie = () => {
  const raw = scope.request.jar.get('sb-127-auth-token')!.value.replace(/^base64-/, '');
  const session = JSON.parse(Buffer.from(raw, 'base64url').toString()) as { access_token: string };
  return JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()) as { aal: string };
};
const reason = (work: Promise<unknown>) =>
  work.then(
    () => 'passed',
    (e: { reason?: string }) => e.reason,
  );
const wrong = (code: string) => (code === '123456' ? '654321' : '123456');

describe('two-factor sign-in with Supabase Auth MFA (against the local double)', () => {
  let secret: string;

  it('turns on: enroll gives the secret and a QR code; a code from it verifies the factor and raises the session to aal2', async () => {
    expect((await mod.signIn({ email: 'admin@example.com', password: PASSWORD })).ok).toBe(true);
    const started = await mod.startTwoFactor({});
    if (!started.ok) throw new Error(started.error);
    ({ secret } = started.data);
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    expect(started.data.uri).toContain(`secret=${secret}`);
    expect(started.data.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(auth.calls).toContain('POST /auth/v1/factors');
    // An unverified factor changes nothing yet.
    expect((await mod.getSession())?.user.id).toBe(adminId);

    expect(await mod.confirmTwoFactor({ code: wrong(totpCodeAt(secret)) })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/did not work/),
    });
    expect(await mod.confirmTwoFactor({ code: totpCodeAt(secret) })).toEqual({ ok: true, data: { recoveryCodes: [] } });
    expect(auth.calls.filter((c) => /factors\/[\w-]+\/(challenge|verify)$/.test(c)).length).toBeGreaterThanOrEqual(2);
    expect(claimsOfCookie().aal).toBe('aal2');
    expect((await mod.requireAdmin()).user.id).toBe(adminId);
  });

  it('signing in asks for the code: the aal1 session is no session, however the cookie’s factor list is edited', async () => {
    expect(await mod.signIn({ email: 'admin@example.com', password: PASSWORD })).toEqual({
      ok: true,
      data: { email: 'admin@example.com', secondFactor: true },
    });
    expect(claimsOfCookie().aal).toBe('aal1');
    expect(await mod.getSession()).toBeNull();
    expect(await reason(mod.requireAdmin())).toBe('no-session');
    expect((await mod.startTwoFactor({})).ok).toBe(false);
    expect(await mod.getPendingSignIn()).toEqual({ userId: adminId, email: 'admin@example.com' });
    expect(scope.request.jar.has('wc_device')).toBe(false);

    // The browser strips the factor from the user object in its own cookie: the server asks.
    const cookie = scope.request.jar.get('sb-127-auth-token')!;
    const session = JSON.parse(Buffer.from(cookie.value.replace(/^base64-/, ''), 'base64url').toString()) as {
      user: { factors?: unknown[] };
    };
    session.user.factors = [];
    scope.request
      .cookieStore()
      .set('sb-127-auth-token', `base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`);
    expect(await mod.getSession()).toBeNull();

    // GoTrue's other 422s are not a wrong code: the owner is not told to check their app.
    auth.nextVerifyRefusal = {
      status: 422,
      code: 'mfa_ip_address_mismatch',
      msg: 'Challenge and verify IP addresses mismatch',
    };
    expect(await mod.verifySecondFactor({ code: totpCodeAt(secret) })).toEqual({
      ok: false,
      error: 'Something went wrong',
    });
    expect(claimsOfCookie().aal).toBe('aal1');

    // No recovery codes in Supabase mode. A wrong code is refused and ends the half sign-in
    // (GoTrue's logout): the next try starts from the password.
    const { twoFactorMessages } = await import('../two-factor/types');
    expect(await mod.verifySecondFactor({ code: 'abcde-fghjk' })).toEqual({
      ok: false,
      error: twoFactorMessages.wrongSignInCode,
      signInAgain: true,
    });
    expect(await mod.getPendingSignIn()).toBeNull();
    expect(await mod.verifySecondFactor({ code: totpCodeAt(secret) })).toEqual({
      ok: false,
      error: twoFactorMessages.expired,
      signInAgain: true,
    });
    await mod.signIn({ email: 'admin@example.com', password: PASSWORD });
    auth.calls.length = 0;
    expect(await mod.verifySecondFactor({ code: wrong(totpCodeAt(secret)) })).toEqual({
      ok: false,
      error: twoFactorMessages.wrongSignInCode,
      signInAgain: true,
    });
    expect(auth.calls).toContain('POST /auth/v1/logout');
    expect(await mod.getPendingSignIn()).toBeNull();
    // The right code, after the password again, completes it.
    await mod.signIn({ email: 'admin@example.com', password: PASSWORD });
    expect(await mod.verifySecondFactor({ code: totpCodeAt(secret) })).toEqual({
      ok: true,
      data: { email: 'admin@example.com', admin: true },
    });
    expect(claimsOfCookie().aal).toBe('aal2');
    expect((await mod.requireAdmin()).user.id).toBe(adminId);
    expect(scope.request.jar.has('wc_device')).toBe(true);
  });

  it('signing in ends the session the browser presented (session fixation)', async () => {
    await mod.signIn({ email: 'admin@example.com', password: PASSWORD });
    const presented = scope.request.jar.get('sb-127-auth-token')!.value;
    auth.calls.length = 0;
    expect((await mod.signIn({ email: 'admin@example.com', password: PASSWORD })).ok).toBe(true);
    expect(auth.calls).toContain('POST /auth/v1/logout');
    // The presented session's refresh token no longer works.
    const replay = new RequestDouble();
    replay.cookieStore().set('sb-127-auth-token', presented);
    const { refresh_token } = JSON.parse(Buffer.from(presented.replace(/^base64-/, ''), 'base64url').toString()) as {
      refresh_token: string;
    };
    const refreshed = await fetch(`${auth.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: auth.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token }),
    });
    expect(refreshed.status).toBe(400);
  });

  it('the code entered in one browser ends the half sign-in of another (GoTrue ends every aal1 session of the user)', async () => {
    const { twoFactorMessages } = await import('../two-factor/types');
    const first = scope.request;
    expect((await mod.signIn({ email: 'admin@example.com', password: PASSWORD })).ok).toBe(true);
    const second = new RequestDouble();
    second.headers.set('x-forwarded-for', '198.51.100.250');
    scope.request = second;
    expect((await mod.signIn({ email: 'admin@example.com', password: PASSWORD })).ok).toBe(true);
    expect(await mod.getPendingSignIn()).toEqual({ userId: adminId, email: 'admin@example.com' });

    scope.request = first;
    expect(await mod.verifySecondFactor({ code: totpCodeAt(secret) })).toEqual({
      ok: true,
      data: { email: 'admin@example.com', admin: true },
    });

    scope.request = second;
    expect(await mod.getPendingSignIn()).toBeNull();
    expect(await mod.verifySecondFactor({ code: totpCodeAt(secret) })).toEqual({
      ok: false,
      error: twoFactorMessages.expired,
      signInAgain: true,
    });
  });

  it('turns off with the password and a code (unenroll), ending every other session (a half sign-in must not become a session); then the password alone signs in', async () => {
    const owner = new RequestDouble();
    scope.request = owner;
    await mod.signIn({ email: 'admin@example.com', password: PASSWORD });
    await mod.verifySecondFactor({ code: totpCodeAt(secret, new Date(Date.now() + 30_000)) });
    // Someone with the password alone, waiting at the code step.
    const half = new RequestDouble();
    half.headers.set('x-forwarded-for', '198.51.100.251');
    scope.request = half;
    expect((await mod.signIn({ email: 'admin@example.com', password: PASSWORD })).ok).toBe(true);
    expect(await mod.getSession()).toBeNull();

    scope.request = owner;
    const { twoFactorMessages } = await import('../two-factor/types');
    // The password again, checked before the code (a wrong one spends no code).
    auth.calls.length = 0;
    expect(await mod.disableTwoFactor({ password: 'not the password at all', code: totpCodeAt(secret) })).toEqual({
      ok: false,
      error: twoFactorMessages.wrongPassword,
    });
    expect(auth.calls.filter((c) => c.includes('/verify'))).toEqual([]);
    expect(auth.users[0]!.factors).toHaveLength(1);
    expect(await mod.disableTwoFactor({ password: PASSWORD, code: wrong(totpCodeAt(secret)) })).toMatchObject({
      ok: false,
    });
    expect(await mod.disableTwoFactor({ password: PASSWORD, code: totpCodeAt(secret) })).toEqual({
      ok: true,
      data: null,
    });
    expect((await mod.requireAdmin()).user.id).toBe(adminId);
    scope.request = half;
    expect(await mod.getSession()).toBeNull();
    scope.request = owner;
    expect(auth.calls.some((c) => /^DELETE \/auth\/v1\/factors\//.test(c))).toBe(true);
    expect(auth.users[0]!.factors).toEqual([]);
    scope.request = new RequestDouble();
    expect(await mod.signIn({ email: 'admin@example.com', password: PASSWORD })).toEqual({
      ok: true,
      data: { email: 'admin@example.com', admin: true },
    });
    expect((await mod.requireAdmin()).user.id).toBe(adminId);
  });
});
