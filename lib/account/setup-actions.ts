'use server';

import { cookies } from 'next/headers';
import { validationFailure } from '@/lib/actions/admin-action';
import { database } from '@/lib/database';
import { isDatabaseUnreachable } from '@/lib/db/health';
import { env } from '@/lib/env';
import { logger } from '@/lib/log/logger';
import { recordSecurityEvent } from '@/lib/log/security-events';
import { clientInfo } from '@/lib/auth/client-info';
import { createSession, revokeSession, SESSION_COOKIE, sessionCookieOptions } from '@/lib/auth';
import { setupMessages, setupSchema } from '@/lib/auth/setup-schema';
import { completeSetup } from '@/lib/auth/setup-token';
import { beginAttempt, settleAttempt, THROTTLED_MESSAGE } from '@/lib/auth/throttle';
import type { ActionResult } from '@/lib/auth/types';

/**
 * The first-run setup form (public: there is no admin yet to sign in). Checks the password's
 * length and strength, spends the one-time token and creates the admin in one transaction,
 * then signs them in. Attempts count against the sign-in throttle of the client's address, so
 * a guesser gets as many tries at a token as at a password (and a 256-bit token needs more).
 */
export async function completeFirstRunSetup(input: unknown): Promise<ActionResult<{ email: string }>> {
  const parsed = setupSchema.safeParse(input);
  if (!parsed.success) return validationFailure(parsed.error);
  if (env().authAdapter !== 'local') return { ok: false, error: setupMessages.invalidLink };
  try {
    const [db, client] = await Promise.all([database(), clientInfo()]);
    // A budget of this address's own, so nobody can spend the owner's tries from elsewhere.
    const attempt = await beginAttempt(db, { email: `first-run-setup@${client.ip}`, ip: client.ip });
    if (attempt === null) return { ok: false, error: THROTTLED_MESSAGE };
    const created = await completeSetup(db, parsed.data);
    await settleAttempt(db, attempt, Boolean(created));
    if (!created) {
      logger.warn({ feature: 'auth', ip: client.ip }, 'first-run setup refused: the link is not valid');
      return { ok: false, error: setupMessages.invalidLink };
    }
    const jar = await cookies();
    await revokeSession(db, jar.get(SESSION_COOKIE)?.value);
    const session = await createSession(db, created.userId, client);
    jar.set(SESSION_COOKIE, session.token, sessionCookieOptions(session.maxAgeSeconds));
    await recordSecurityEvent(db, 'setupLinkUsed', {
      userId: created.userId,
      meta: { email: parsed.data.email.toLowerCase(), ip: client.ip },
    });
    return { ok: true, data: { email: parsed.data.email.toLowerCase() } };
  } catch (error) {
    logger.error({ err: error, feature: 'auth' }, 'first-run setup failed');
    return {
      ok: false,
      error: isDatabaseUnreachable(error)
        ? 'The site cannot reach its database right now. Nothing was saved. Please try again in a minute.'
        : 'Something went wrong',
    };
  }
}
