'use server';

import { database } from '@/lib/db';
import { logger } from '@/lib/log/logger';
import { validationFailure } from '@/lib/actions/admin-action';
import { authAdapter } from './adapter';
import { deleteExpiredSessions } from './local/sessions';
import { clientInfo } from './client-info';
import { signInSchema } from './schemas';
import { isThrottled, normaliseEmail, pruneAttempts, recordAttempt, THROTTLED_MESSAGE } from './throttle';
import type { ActionResult } from './types';

/**
 * Sign in with email and password (public: this is how a session starts). Throttled per
 * account and per client address before the password is even checked.
 */
export async function signIn(input: FormData | { email: string; password: string }): Promise<ActionResult<{ email: string }>> {
  const raw = input instanceof FormData ? { email: input.get('email'), password: input.get('password') } : input;
  const parsed = signInSchema.safeParse(raw);
  if (!parsed.success) return validationFailure(parsed.error);
  const email = normaliseEmail(parsed.data.email);
  try {
    const [db, client, adapter] = await Promise.all([database(), clientInfo(), authAdapter()]);
    const key = { email, ip: client.ip };
    if (await isThrottled(db, key)) {
      logger.warn({ feature: 'auth', email, ip: client.ip }, 'sign-in throttled');
      return { ok: false, error: THROTTLED_MESSAGE };
    }
    const outcome = await adapter.signIn(email, parsed.data.password, client);
    await recordAttempt(db, key, outcome.ok);
    if (!outcome.ok) {
      logger.info({ feature: 'auth', email, ip: client.ip }, 'sign-in failed');
      return { ok: false, error: outcome.error };
    }
    logger.info({ feature: 'auth', userId: outcome.userId }, 'signed in');
    // Housekeeping on the rare, cheap path; failure here must not fail the sign-in.
    Promise.all([pruneAttempts(db), deleteExpiredSessions(db)]).catch((error: unknown) => logger.warn({ err: error, feature: 'auth' }, 'auth housekeeping failed'));
    return { ok: true, data: { email } };
  } catch (error) {
    logger.error({ err: error, feature: 'auth' }, 'sign-in error');
    return { ok: false, error: 'Something went wrong' };
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
