import { NextRequest, NextResponse } from 'next/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { authUsers, profiles } from '@/lib/db/schema';
import { createTestDatabase } from '@/tests/support/db';
import { RequestDouble } from '../../../tests/support/request-double';
import { startAuthDouble, type AuthDouble } from '../../../tests/support/supabase-auth-double';

/**
 * Supabase mode end to end through the real @supabase/ssr and supabase-js code, against a local
 * HTTP double of the Auth endpoints (no Supabase runs here), with the request scope simulated.
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
  checkAdmin: typeof import('../require-admin').checkAdmin;
  signIn: typeof import('@/lib/account/sign-in-actions').signIn;
  signOut: typeof import('@/lib/account/sign-in-actions').signOut;
  getSession: typeof import('../session').getSession;
  refreshSupabaseSession: typeof import('./proxy-session').refreshSupabaseSession;
  refreshSessionInProxy: typeof import('../proxy').refreshSessionInProxy;
};
let adminId: string;
let viewerId: string;

beforeAll(async () => {
  auth = await startAuthDouble();
  // env() is read once per process: configure Supabase mode before any module reads it.
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
    ...(await import('./proxy-session')),
    ...(await import('../proxy')),
  };
  scope.db = await createTestDatabase('pglite');
  // Supabase's auth.users rows, with the same ids the Auth server hands out.
  adminId = auth.addUser('admin@example.com', 'correct horse battery staple').id;
  viewerId = auth.addUser('viewer@example.com', 'viewer password 123').id;
  await asSystem(scope.db, 'test-setup', async (db) => {
    await db.insert(authUsers).values([
      { id: adminId, email: 'admin@example.com' },
      { id: viewerId, email: 'viewer@example.com' },
    ]);
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
  auth.accessTtl = 3600;
  auth.alg = 'ES256';
});

const authCookies = () => [...scope.request.jar.keys()].filter((name) => name.startsWith('sb-'));
const reason = (work: Promise<unknown>) =>
  work.then(
    () => 'passed',
    (e: { reason?: string }) => e.reason,
  );

describe('Supabase auth adapter (against a local double of Supabase Auth)', () => {
  it('no session cookie: no session, without calling the Auth server', async () => {
    expect(await mod.getSession()).toBeNull();
    expect(await reason(mod.requireAdmin())).toBe('no-session');
    expect(auth.calls).toEqual([]);
  });

  it('a wrong password is refused with one message and sets no cookie', async () => {
    expect(await mod.signIn({ email: 'admin@example.com', password: 'wrong' })).toEqual({
      ok: false,
      error: 'Invalid email or password.',
    });
    expect(auth.calls).toEqual(['POST /auth/v1/token?grant_type=password']);
    expect(authCookies()).toEqual([]);
  });

  it('an unconfirmed or banned account is told so (GoTrue answers 400 for both), not that the password is wrong', async () => {
    const { signInRefusals } = await import('./adapter');
    auth.addUser('unconfirmed@example.com', 'unconfirmed password 1').emailConfirmed = false;
    auth.addUser('banned@example.com', 'banned password 12').banned = true;
    expect(await mod.signIn({ email: 'unconfirmed@example.com', password: 'unconfirmed password 1' })).toEqual({
      ok: false,
      error: signInRefusals.emailNotConfirmed,
    });
    expect(await mod.signIn({ email: 'banned@example.com', password: 'banned password 12' })).toEqual({
      ok: false,
      error: signInRefusals.banned,
    });
    // A wrong password for an unconfirmed account is still just a wrong password.
    expect(await mod.signIn({ email: 'unconfirmed@example.com', password: 'not the password' })).toEqual({
      ok: false,
      error: 'Invalid email or password.',
    });
    expect(authCookies()).toEqual([]);
  });

  it('signs in with signInWithPassword, keeps the session in cookies, and verifies claims against the JWKS', async () => {
    expect(await mod.signIn({ email: 'Admin@example.com', password: 'correct horse battery staple' })).toEqual({
      ok: true,
      data: { email: 'admin@example.com', admin: true },
    });
    expect(authCookies()).toEqual(['sb-127-auth-token']);
    auth.calls.length = 0;
    const session = await mod.getSession();
    expect(session?.user).toEqual({ id: adminId, email: 'admin@example.com' });
    expect(session?.claims).toEqual({ sub: adminId, email: 'admin@example.com', role: 'authenticated' });
    // Asymmetric key: the signature is verified locally with the published key. The session is
    // aal1, so the Auth server is asked whether the user has a verified second factor (GET
    // /user): the factors in the cookie are the browser's to edit.
    expect(auth.calls).toEqual(['GET /auth/v1/.well-known/jwks.json', 'GET /auth/v1/user']);
    const ctx = await mod.requireAdmin();
    expect(ctx.user.id).toBe(adminId);
  });

  it('a non-admin Supabase user gets Access Denied (profiles.is_admin read through the database)', async () => {
    // Signed in, but not welcomed as an admin.
    expect(await mod.signIn({ email: 'viewer@example.com', password: 'viewer password 123' })).toEqual({
      ok: true,
      data: { email: 'viewer@example.com', admin: false },
    });
    expect(await mod.checkAdmin()).toEqual({ ok: false, reason: 'not-admin', email: 'viewer@example.com' });
  });

  it('a forged token (signed with another key, or tampered claims) is no session', async () => {
    const crypto = await import('node:crypto');
    const { privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      sub: adminId,
      email: 'admin@example.com',
      role: 'authenticated',
      aud: 'authenticated',
      exp: now + 3600,
      iat: now,
      session_id: 'x',
    };
    for (const token of [
      auth.sign(claims, { key: privateKey }),
      auth
        .sign({ ...claims, sub: viewerId })
        .replace(/\.[^.]+\./, `.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`),
    ]) {
      scope.request.reset();
      const session = {
        access_token: token,
        token_type: 'bearer',
        expires_in: 3600,
        expires_at: now + 3600,
        refresh_token: 'nope',
        user: {
          id: adminId,
          email: 'admin@example.com',
          aud: 'authenticated',
          app_metadata: {},
          user_metadata: {},
          created_at: '',
        },
      };
      scope.request
        .cookieStore()
        .set('sb-127-auth-token', `base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`);
      expect(await mod.getSession()).toBeNull();
      expect(await reason(mod.requireAdmin())).toBe('no-session');
    }
  });

  it('with a symmetric (HS256) project key, a real token passes and a tampered one is no session', async () => {
    auth.alg = 'HS256';
    await mod.signIn({ email: 'admin@example.com', password: 'correct horse battery staple' });
    expect((await mod.getSession())?.user.id).toBe(adminId);
    // The viewer's genuine token with the admin's claims pasted in: only the Auth server, which
    // holds the secret, can tell (supabase-js asks it, GET /user). Trusting the cookie would not.
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      sub: adminId,
      email: 'admin@example.com',
      role: 'authenticated',
      aud: 'authenticated',
      exp: now + 3600,
      iat: now,
      session_id: 'x',
    };
    const tampered = auth
      .sign({ ...claims, sub: viewerId, email: 'viewer@example.com' })
      .replace(/\.[^.]+\./, `.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`);
    scope.request.reset();
    const session = {
      access_token: tampered,
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: now + 3600,
      refresh_token: 'nope',
      user: {
        id: adminId,
        email: 'admin@example.com',
        aud: 'authenticated',
        app_metadata: {},
        user_metadata: {},
        created_at: '',
      },
    };
    scope.request
      .cookieStore()
      .set('sb-127-auth-token', `base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`);
    expect(await mod.getSession()).toBeNull();
    expect(await reason(mod.requireAdmin())).toBe('no-session');
  });

  it('an expiring access token is refreshed (token refreshed), and the new cookies are written', async () => {
    auth.accessTtl = 20; // inside supabase-js's expiry margin: the next read refreshes
    await mod.signIn({ email: 'admin@example.com', password: 'correct horse battery staple' });
    const before = scope.request.jar.get('sb-127-auth-token')!.value;
    auth.accessTtl = 3600;
    auth.calls.length = 0;
    expect((await mod.getSession())?.user.id).toBe(adminId);
    expect(auth.calls).toContain('POST /auth/v1/token?grant_type=refresh_token');
    expect(scope.request.jar.get('sb-127-auth-token')!.value).not.toBe(before);
  });

  it("two requests refreshing the same expiring session (two tabs) both keep it, inside GoTrue's reuse window", async () => {
    auth.accessTtl = 20;
    await mod.signIn({ email: 'admin@example.com', password: 'correct horse battery staple' });
    auth.accessTtl = 3600;
    const cookieHeader = [...scope.request.jar.values()].map((c) => `${c.name}=${c.value}`).join('; ');
    auth.calls.length = 0;
    const refreshed = [];
    for (const tab of ['first', 'second']) {
      const apply = await mod.refreshSupabaseSession(
        new NextRequest('http://localhost/admin', { headers: { cookie: cookieHeader } }),
        { url: auth.url, anonKey: auth.anonKey, secureCookies: false },
      );
      const response = NextResponse.next();
      apply(response);
      refreshed.push(response.cookies.get('sb-127-auth-token')?.value);
      expect(refreshed.at(-1), tab).toBeTruthy();
    }
    expect(auth.calls.filter((call) => call.endsWith('grant_type=refresh_token'))).toHaveLength(2);
  });

  it('a used refresh token answers the current one within the reuse window; replayed after it, the session ends', async () => {
    const post = (grant: string, body: object) =>
      fetch(`${auth.url}/auth/v1/token?grant_type=${grant}`, {
        method: 'POST',
        headers: { apikey: auth.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const signedIn = (await (
      await post('password', { email: 'admin@example.com', password: 'correct horse battery staple' })
    ).json()) as { refresh_token: string };
    const first = (await (await post('refresh_token', { refresh_token: signedIn.refresh_token })).json()) as {
      refresh_token: string;
    };
    expect(first.refresh_token).not.toBe(signedIn.refresh_token);
    const again = await post('refresh_token', { refresh_token: signedIn.refresh_token });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { refresh_token: string }).refresh_token).toBe(first.refresh_token);

    auth.reuseWindowMs = 0;
    try {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const late = await post('refresh_token', { refresh_token: signedIn.refresh_token });
      expect(late.status).toBe(400);
      expect(await late.json()).toMatchObject({ error_code: 'refresh_token_already_used' });
      // The whole session ended: its current token is refused too.
      expect((await post('refresh_token', { refresh_token: first.refresh_token })).status).toBe(400);
    } finally {
      auth.reuseWindowMs = 10_000;
    }
  });

  it('proxy.ts refresh writes the refreshed cookies to the request and the response', async () => {
    auth.accessTtl = 20;
    await mod.signIn({ email: 'admin@example.com', password: 'correct horse battery staple' });
    auth.accessTtl = 3600;
    const cookieHeader = [...scope.request.jar.values()].map((c) => `${c.name}=${c.value}`).join('; ');
    const request = new NextRequest('http://localhost/admin', { headers: { cookie: cookieHeader } });
    auth.calls.length = 0;
    // Through the auth port's entry for the proxy, which reads Supabase's settings from the environment.
    const apply = await mod.refreshSessionInProxy(request);
    expect(auth.calls).toContain('POST /auth/v1/token?grant_type=refresh_token');
    const response = NextResponse.next();
    apply(response);
    const set = response.cookies.get('sb-127-auth-token');
    expect(set?.value).toBeTruthy();
    expect(set?.value).not.toBe(scope.request.jar.get('sb-127-auth-token')!.value);
    expect(request.cookies.get('sb-127-auth-token')?.value).toBe(set?.value);
    // No Supabase cookie: nothing to refresh, no call.
    auth.calls.length = 0;
    const plain = await mod.refreshSessionInProxy(new NextRequest('http://localhost/'));
    plain(NextResponse.next());
    expect(auth.calls).toEqual([]);
  });

  it('signs out with signOut: the Auth server revokes the session and the cookies are cleared', async () => {
    auth.accessTtl = 1; // the stolen copy below will need a refresh to be used
    await mod.signIn({ email: 'admin@example.com', password: 'correct horse battery staple' });
    auth.accessTtl = 3600;
    const stolen = scope.request.jar.get('sb-127-auth-token')!.value;
    auth.calls.length = 0;
    expect(await mod.signOut()).toEqual({ ok: true, data: null });
    expect(auth.calls).toContain('POST /auth/v1/logout');
    expect(authCookies()).toEqual([]);
    expect(await reason(mod.requireAdmin())).toBe('no-session');
    // A copy of the old cookie, replayed once its access token has expired: the refresh token
    // was revoked, so it is no session. (Until then a Supabase access token stays valid: JWTs
    // are stateless; Supabase's access token lifetime bounds that window.)
    await new Promise((resolve) => setTimeout(resolve, 1500));
    scope.request.cookieStore().set('sb-127-auth-token', stolen);
    expect(await mod.getSession()).toBeNull();
    expect(auth.calls).toContain('POST /auth/v1/token?grant_type=refresh_token');
  });

  it('throttles Supabase sign-in too, per account, before asking the Auth server', async () => {
    for (let i = 0; i < 10; i++) await mod.signIn({ email: 'viewer@example.com', password: `guess ${i}` });
    auth.calls.length = 0;
    expect(await mod.signIn({ email: 'viewer@example.com', password: 'viewer password 123' })).toEqual({
      ok: false,
      error: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
    });
    expect(auth.calls).toEqual([]);
  });
});
