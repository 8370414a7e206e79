import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { authUsers as users, logsApp, sessions } from '@/lib/db/schema';
import { createTestDatabase, drivers } from '@/tests/support/db';
import { RequestDouble } from '../../../tests/support/request-double';

// Two-factor sign-in end to end through the real actions, adapter and requireAdmin(), one
// request scope per simulated browser.
const scope = await vi.hoisted(async () => {
  Object.assign(process.env, { LOG_LEVEL: 'silent', BCRYPT_COST: '4', TRUSTED_PROXY_HOPS: '1' });
  const { AsyncLocalStorage } = await import('node:async_hooks');
  return { requests: new AsyncLocalStorage<RequestDouble>(), db: undefined as Database | undefined };
});
const request = () => scope.requests.getStore()!;
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => request().cookieStore(),
  headers: async () => request().headers,
}));
vi.mock('@/lib/database', () => ({ database: async () => scope.db! }));

const { signIn, signOut, verifySecondFactor } = await import('@/lib/account/sign-in-actions');
const { checkAdmin, requireAdmin } = await import('../require-admin');
const { getSession } = await import('../session');
const { getPendingSignIn } = await import('../pending-sign-in');
const { startTwoFactor, confirmTwoFactor, disableTwoFactor } = await import('@/lib/account/two-factor-actions');
const { upsertLocalUser } = await import('@/lib/users/users');
const { SESSION_COOKIE } = await import('../local/cookie');
const { DEVICE_COOKIE } = await import('../device-cookie');
const { hashToken, SECOND_FACTOR_MS } = await import('../local/sessions');
const { THROTTLED_MESSAGE, MAX_FAILURES } = await import('../throttle');
const { totpCodeAt } = await import('@/tests/support/totp-codes');
const { twoFactorMessages } = await import('./types');
const { localTwoFactorStatus } = await import('./local');

const PASSWORD = 'correct horse battery staple';
const STEP = 30_000;

describe.each(drivers)('two-factor sign-in (local accounts) on %s', (driver) => {
  let db: Database;
  let n = 0;
  const browser = () => {
    const r = new RequestDouble();
    r.headers.set('x-forwarded-for', `198.51.100.${++n}`);
    return r;
  };
  const as = <T>(b: RequestDouble, work: () => Promise<T>) => scope.requests.run(b, work);
  const wrongCode = (right: string) => (right === '123456' ? '654321' : '123456');

  /** Signs in with the password and turns two-factor sign-in on; the secret and recovery codes. */
  async function enrol(email: string, b: RequestDouble) {
    expect(await as(b, () => signIn({ email, password: PASSWORD }))).toEqual({
      ok: true,
      data: { email, admin: true },
    });
    const started = await as(b, () => startTwoFactor({}));
    if (!started.ok) throw new Error(started.error);
    const confirmed = await as(b, () => confirmTwoFactor({ code: totpCodeAt(started.data.secret) }));
    if (!confirmed.ok) throw new Error(confirmed.error);
    return { secret: started.data.secret, recoveryCodes: confirmed.data.recoveryCodes };
  }

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    scope.db = db;
    for (const email of [
      'owner@example.com',
      'guessed@example.com',
      'stale@example.com',
      'revived@example.com',
      'unattended@example.com',
    ])
      await upsertLocalUser(db, { email, password: PASSWORD, admin: true });
  });
  afterAll(() => db.close());

  it('after the password, asks for the code; until then nothing counts the browser as signed in', async () => {
    const laptop = browser();
    const { secret, recoveryCodes } = await enrol('owner@example.com', laptop);
    expect(recoveryCodes).toHaveLength(10);
    // The browser that turned it on stays signed in (its session was raised to aal2).
    expect((await as(laptop, () => requireAdmin())).user.email).toBe('owner@example.com');

    const phone = browser();
    expect(await as(phone, () => signIn({ email: 'owner@example.com', password: PASSWORD }))).toEqual({
      ok: true,
      data: { email: 'owner@example.com', secondFactor: true },
    });
    const halfToken = phone.jar.get(SESSION_COOKIE)!.value;
    expect(await as(phone, () => getSession())).toBeNull();
    expect(await as(phone, () => checkAdmin())).toEqual({ ok: false, reason: 'no-session' });
    expect((await as(phone, () => startTwoFactor({}))).ok).toBe(false); // admin actions refuse it too
    expect(await as(phone, () => getPendingSignIn())).toMatchObject({ email: 'owner@example.com' });
    expect(phone.jar.has(DEVICE_COOKIE)).toBe(false);

    // A wrong code ends the half sign-in: the next try starts from the password again.
    expect(await as(phone, () => verifySecondFactor({ code: wrongCode(totpCodeAt(secret)) }))).toEqual({
      ok: false,
      error: twoFactorMessages.wrongSignInCode,
      signInAgain: true,
    });
    expect(await as(phone, () => getSession())).toBeNull();
    expect(await as(phone, () => getPendingSignIn())).toBeNull();
    expect(phone.jar.has(SESSION_COOKIE)).toBe(false);
    expect(
      await asSystem(db, 'test-setup', (d) =>
        d
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(halfToken))),
      ),
    ).toEqual([]);
    expect(
      await as(phone, () => verifySecondFactor({ code: totpCodeAt(secret, new Date(Date.now() + STEP)) })),
    ).toEqual({ ok: false, error: twoFactorMessages.expired, signInAgain: true });
    await as(phone, () => signIn({ email: 'owner@example.com', password: PASSWORD }));
    const secondHalfToken = phone.jar.get(SESSION_COOKIE)!.value;
    const later = new Date(Date.now() + STEP); // the laptop used this step's code to confirm
    expect(await as(phone, () => verifySecondFactor({ code: totpCodeAt(secret, later) }))).toEqual({
      ok: true,
      data: { email: 'owner@example.com', admin: true },
    });
    expect((await as(phone, () => requireAdmin())).user.email).toBe('owner@example.com');
    // A new token for the new level; the half-signed-in one is gone.
    expect(phone.jar.get(SESSION_COOKIE)!.value).not.toBe(secondHalfToken);
    expect(
      await asSystem(db, 'test-setup', (d) =>
        d
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(secondHalfToken))),
      ),
    ).toEqual([]);
    expect(phone.jar.get(DEVICE_COOKIE)?.value).toBeTruthy();

    // A recovery code signs in once; the same code a second time does not.
    const tablet = browser();
    await as(tablet, () => signIn({ email: 'owner@example.com', password: PASSWORD }));
    expect(await as(tablet, () => verifySecondFactor({ code: recoveryCodes[0]! }))).toEqual({
      ok: true,
      data: { email: 'owner@example.com', admin: true },
    });
    const again = browser();
    await as(again, () => signIn({ email: 'owner@example.com', password: PASSWORD }));
    expect(await as(again, () => verifySecondFactor({ code: recoveryCodes[0]! }))).toEqual({
      ok: false,
      error: twoFactorMessages.wrongSignInCode,
      signInAgain: true,
    });
    expect(await as(again, () => getSession())).toBeNull();

    // Signing out of a half-finished sign-in ends it.
    await as(again, () => signIn({ email: 'owner@example.com', password: PASSWORD }));
    expect(await as(again, () => getPendingSignIn())).toMatchObject({ email: 'owner@example.com' });
    expect(await as(again, () => signOut())).toEqual({ ok: true, data: null });
    expect(await as(again, () => getPendingSignIn())).toBeNull();
    expect(await as(again, () => verifySecondFactor({ code: recoveryCodes[1]! }))).toEqual({
      ok: false,
      error: 'Your sign-in has expired. Please enter your email and password again.',
      signInAgain: true,
    });
  });

  it('sessions signed in with the password alone stop counting once two-factor sign-in is turned on', async () => {
    const other = browser();
    expect((await as(other, () => signIn({ email: 'stale@example.com', password: PASSWORD }))).ok).toBe(true);
    await enrol('stale@example.com', browser());
    expect(await as(other, () => getSession())).toBeNull();
  });

  it('turning two-factor off ends every other session: a half sign-in and a session from before it was on never become full sessions', async () => {
    const before = browser();
    expect((await as(before, () => signIn({ email: 'revived@example.com', password: PASSWORD }))).ok).toBe(true);
    const owner = browser();
    const { secret } = await enrol('revived@example.com', owner);
    // Someone with the password alone: a half sign-in, waiting for a code they do not have.
    const attacker = browser();
    expect(await as(attacker, () => signIn({ email: 'revived@example.com', password: PASSWORD }))).toMatchObject({
      ok: true,
    });
    expect(await as(attacker, () => getSession())).toBeNull();
    expect(await as(before, () => getSession())).toBeNull();

    // The owner turns it off (a code of the next time step: the one that turned it on is spent).
    expect(
      await as(owner, () =>
        disableTwoFactor({ password: PASSWORD, code: totpCodeAt(secret, new Date(Date.now() + STEP)) }),
      ),
    ).toMatchObject({ ok: true });
    expect(await as(owner, () => getSession())).not.toBeNull();
    expect(await as(attacker, () => getSession())).toBeNull();
    expect(await as(attacker, () => checkAdmin())).toMatchObject({ ok: false });
    expect(await as(before, () => getSession())).toBeNull();
    const rows = await asSystem(db, 'test-setup', (d) =>
      d
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(users.email, 'revived@example.com')),
    );
    expect(rows).toHaveLength(1);
  });

  it('a sign-in waiting for its code is a row that expires with its ten minutes', async () => {
    const b = browser();
    await as(b, () => signIn({ email: 'owner@example.com', password: PASSWORD }));
    const [row] = await asSystem(db, 'test-setup', (d) =>
      d
        .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(b.jar.get(SESSION_COOKIE)!.value))),
    );
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(SECOND_FACTOR_MS);
  });

  it('a half-finished sign-in expires after ten minutes', async () => {
    const b = browser();
    await as(b, () => signIn({ email: 'owner@example.com', password: PASSWORD }));
    const token = b.jar.get(SESSION_COOKIE)!.value;
    await asSystem(db, 'test-setup', (d) =>
      d
        .update(sessions)
        .set({ createdAt: new Date(Date.now() - SECOND_FACTOR_MS - 1000) })
        .where(eq(sessions.tokenHash, hashToken(token))),
    );
    expect(await as(b, () => getPendingSignIn())).toBeNull();
  });

  it('turning two-factor off asks for the password again: a session alone, even with a code, cannot', async () => {
    const owner = browser();
    const { secret } = await enrol('unattended@example.com', owner);
    const code = totpCodeAt(secret, new Date(Date.now() + STEP));
    expect(await as(owner, () => disableTwoFactor({ code }))).toMatchObject({
      ok: false,
      fieldErrors: { password: [expect.any(String)] },
    });
    expect(await as(owner, () => disableTwoFactor({ password: 'not the password at all', code }))).toEqual({
      ok: false,
      error: twoFactorMessages.wrongPassword,
    });
    expect(await localTwoFactorStatus(db, (await as(owner, () => requireAdmin())).user.id)).toMatchObject({
      enabled: true,
    });
    // The wrong password spent no code: the same code, with the password, turns it off.
    expect(await as(owner, () => disableTwoFactor({ password: PASSWORD, code }))).toEqual({ ok: true, data: null });
    const { id } = (await as(owner, () => requireAdmin())).user;
    expect(await localTwoFactorStatus(db, id)).toMatchObject({ enabled: false });
    // Both changes are security events; the refused attempt is not.
    const events = await asSystem(db, 'test-setup', (d) =>
      d
        .select()
        .from(logsApp)
        .where(and(eq(logsApp.type, 'security'), eq(logsApp.userId, id)))
        .orderBy(logsApp.ts),
    );
    expect(events.map((row) => row.message)).toEqual(['Two-factor sign-in turned on', 'Two-factor sign-in turned off']);
    expect(events[1]!.meta).toEqual({ email: 'unattended@example.com', ip: owner.headers.get('x-forwarded-for') });
  });

  it(`codes spend the same budget as passwords: after ${MAX_FAILURES} wrong ones even the password is refused`, async () => {
    const owner = browser();
    const { secret } = await enrol('guessed@example.com', owner);
    // Someone who has the password, from many addresses, guessing codes: each wrong code ends
    // the half sign-in, so each guess starts from the password again.
    const thief = browser();
    for (let i = 0; i < MAX_FAILURES; i++) {
      thief.headers.set('x-forwarded-for', `192.0.2.${i + 1}`);
      expect(await as(thief, () => signIn({ email: 'guessed@example.com', password: PASSWORD }))).toMatchObject({
        ok: true,
        data: { secondFactor: true },
      });
      expect(await as(thief, () => verifySecondFactor({ code: wrongCode(totpCodeAt(secret)) }))).toMatchObject({
        ok: false,
        signInAgain: true,
      });
    }
    thief.headers.set('x-forwarded-for', '192.0.2.200');
    expect(await as(thief, () => signIn({ email: 'guessed@example.com', password: PASSWORD }))).toEqual({
      ok: false,
      error: THROTTLED_MESSAGE,
    });
    expect(await as(thief, () => getSession())).toBeNull();
    // The owner's own browser has its own budget (device cookie) and turns it off with a code.
    const later = new Date(Date.now() + STEP);
    expect(
      await as(owner, () => disableTwoFactor({ password: PASSWORD, code: wrongCode(totpCodeAt(secret, later)) })),
    ).toMatchObject({ ok: false });
    expect(await as(owner, () => disableTwoFactor({ password: PASSWORD, code: totpCodeAt(secret, later) }))).toEqual({
      ok: true,
      data: null,
    });
    // Off: the password alone signs in again.
    const fresh = browser();
    fresh.cookieStore().set(DEVICE_COOKIE, owner.jar.get(DEVICE_COOKIE)!.value);
    expect(await as(fresh, () => signIn({ email: 'guessed@example.com', password: PASSWORD }))).toEqual({
      ok: true,
      data: { email: 'guessed@example.com', admin: true },
    });
  });
});
