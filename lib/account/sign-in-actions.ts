'use server';

import { database } from '@/lib/database';
import { isDatabaseUnreachable } from '@/lib/db/health';
import { logger } from '@/lib/log/logger';
import { validationFailure } from '@/lib/actions/admin-action';
import { authAdapter, deleteExpiredSessions } from '@/lib/auth';
import { isAdminUser } from '@/lib/auth/admin-check';
import { clientInfo } from '@/lib/auth/client-info';
import { guardedAttempt, rememberDevice } from '@/lib/auth/guarded-attempt';
import { secondFactorSchema, signInSchema } from '@/lib/auth/schemas';
import { normaliseEmail, pruneAttempts, THROTTLED_MESSAGE, type Factor } from '@/lib/auth/throttle';
import { TOTP_CODE } from '@/lib/auth/two-factor/totp';
import { twoFactorMessages } from '@/lib/auth/two-factor/types';
import type { ActionResult } from '@/lib/auth/types';

/** `admin`: whether the account may use the admin area (only an admin is welcomed back). */
export type SignInResult = { email: string; admin?: boolean; secondFactor?: true };

/** Sign-in with the database away: what happened, and that nothing changed. */
const SIGN_IN_DATABASE_UNREACHABLE =
  'The site cannot reach its database right now, so you could not be signed in. Nothing was saved. Please try again in a minute.';

/**
 * Sign in with email and password (public: this is how a session starts). The attempt is
 * checked against its budget and recorded in one step before the password is checked
 * (lib/auth/throttle.ts). With two-factor sign-in on, the result asks for the code next.
 */
export async function signIn(
  input: FormData | { email: string; password: string },
): Promise<ActionResult<SignInResult>> {
  const raw = input instanceof FormData ? { email: input.get('email'), password: input.get('password') } : input;
  const parsed = signInSchema.safeParse(raw);
  if (!parsed.success) return validationFailure(parsed.error);
  const email = normaliseEmail(parsed.data.email);
  try {
    const [db, client, adapter] = await Promise.all([database(), clientInfo(), authAdapter()]);
    const guarded = await guardedAttempt(
      { email, ip: client.ip },
      'password',
      () => adapter.signIn(email, parsed.data.password, client),
      (o) => o.ok,
    );
    if (!guarded) return { ok: false, error: THROTTLED_MESSAGE };
    const { outcome } = guarded;
    if (!outcome.ok) {
      logger.info({ feature: 'auth', email, ip: client.ip }, 'sign-in failed');
      return { ok: false, error: outcome.error };
    }
    if (outcome.secondFactor) {
      logger.info({ feature: 'auth', userId: outcome.userId }, 'password accepted, second factor due');
      return { ok: true, data: { email, secondFactor: true } };
    }
    const admin = await signedIn(email, outcome.userId);
    // Housekeeping on the rare, cheap path; failure here must not fail the sign-in.
    Promise.all([pruneAttempts(db), deleteExpiredSessions(db)]).catch((error: unknown) =>
      logger.warn({ err: error, feature: 'auth' }, 'auth housekeeping failed'),
    );
    return { ok: true, data: { email, admin } };
  } catch (error) {
    logger.error({ err: error, feature: 'auth' }, 'sign-in error');
    return { ok: false, error: isDatabaseUnreachable(error) ? SIGN_IN_DATABASE_UNREACHABLE : 'Something went wrong' };
  }
}

/** `signInAgain`: the half sign-in has ended (a wrong code, or it expired); the form goes back to the password. */
export type SecondFactorResult =
  ActionResult<{ email: string; admin: boolean }> | { ok: false; error: string; signInAgain: true };

/**
 * The second step of a sign-in with two-factor sign-in on: a 6-digit code from the
 * authenticator app, or a recovery code. Spends the same budget as passwords.
 */
export async function verifySecondFactor(input: FormData | { code: string }): Promise<SecondFactorResult> {
  const raw = input instanceof FormData ? { code: input.get('code') } : input;
  const parsed = secondFactorSchema.safeParse(raw);
  if (!parsed.success) return validationFailure(parsed.error);
  try {
    const [client, adapter] = await Promise.all([clientInfo(), authAdapter()]);
    const pending = await adapter.pendingSecondFactor();
    if (!pending) return { ok: false, error: twoFactorMessages.expired, signInAgain: true };
    const email = normaliseEmail(pending.email);
    const factor: Factor = TOTP_CODE.test(parsed.data.code) ? 'totp' : 'recovery';
    const guarded = await guardedAttempt(
      { email, ip: client.ip },
      factor,
      () => adapter.verifySecondFactor(parsed.data.code, client),
      (o) => o.ok,
    );
    if (!guarded) return { ok: false, error: THROTTLED_MESSAGE };
    const { outcome } = guarded;
    if (!outcome.ok) {
      logger.info({ feature: 'auth', userId: pending.userId, ip: client.ip, factor }, 'second factor refused');
      return { ok: false, error: outcome.error, ...(outcome.ended ? { signInAgain: true as const } : {}) };
    }
    if (outcome.method === 'recovery')
      logger.warn({ feature: 'auth', userId: outcome.userId }, 'signed in with a recovery code');
    const admin = await signedIn(email, outcome.userId);
    return { ok: true, data: { email, admin } };
  } catch (error) {
    logger.error({ err: error, feature: 'auth' }, 'second factor error');
    return { ok: false, error: isDatabaseUnreachable(error) ? SIGN_IN_DATABASE_UNREACHABLE : 'Something went wrong' };
  }
}

/** Ends the current session (deletes it server-side and clears the cookie). */
export async function signOut(): Promise<ActionResult<null>> {
  try {
    await (await authAdapter()).signOut();
    return { ok: true, data: null };
  } catch (error) {
    logger.error({ err: error, feature: 'auth' }, 'sign-out error');
    return { ok: false, error: 'Something went wrong' };
  }
}

/** A completed sign-in: the browser becomes a known device of this account. Answers whether it is an admin's. */
async function signedIn(email: string, userId: string): Promise<boolean> {
  await rememberDevice(email);
  logger.info({ feature: 'auth', userId }, 'signed in');
  // Only for the welcome toast: the gate and every admin page check again for themselves.
  return isAdminUser(await database(), userId).catch(() => false);
}
