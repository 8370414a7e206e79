import 'server-only';
import { eq } from 'drizzle-orm';
import { cookies } from 'next/headers';
import { database } from '@/lib/database';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { authUsers } from '@/lib/db/schema';
import { verifyPassword } from '@/lib/users/password';
import { INVALID_CREDENTIALS, type AuthAdapter, type ClientInfo } from '../port';
import type { LocalAuthSettings } from '../settings';
import {
  confirmLocalEnrolment,
  disableLocalTwoFactor,
  hasLocalTwoFactor,
  localTwoFactorStatus,
  startLocalEnrolment,
  verifyLocalCode,
} from '../two-factor/local';
import { TwoFactorError, twoFactorMessages } from '../two-factor/types';
import { SESSION_COOKIE, sessionCookieOptions } from './cookie';
import {
  createSession,
  pendingSecondFactor,
  revokeOtherSessions,
  revokeSession,
  verifySession,
  type Aal,
} from './sessions';

/** Local accounts: bcrypt passwords in auth.users, sessions in app_private.sessions. */
export function createLocalAuthAdapter(settings: LocalAuthSettings): AuthAdapter {
  return {
    async getSession() {
      const token = (await cookies()).get(SESSION_COOKIE)?.value;
      if (!token) return null;
      return verifySession(await database(), token);
    },

    async signIn(email, password, client) {
      const db = await database();
      const [user] = await asSystem(db, 'auth', (d) =>
        d
          .select({ id: authUsers.id, hash: authUsers.encryptedPassword })
          .from(authUsers)
          .where(eq(authUsers.email, email)),
      );
      // verifyPassword compares against a dummy hash for unknown accounts: same timing either way.
      const valid = await verifyPassword(password, user?.hash);
      if (!user || !user.hash || !valid) return { ok: false, error: INVALID_CREDENTIALS };
      const secondFactor = await hasLocalTwoFactor(db, user.id);
      // Password only: aal1, which is a full session while the user has no second factor, and
      // otherwise a sign-in that waits SECOND_FACTOR_MS for its code.
      await startSession(settings, db, user.id, client, 'aal1', !secondFactor, { awaitingSecondFactor: secondFactor });
      return { ok: true, userId: user.id, secondFactor };
    },

    async pendingSecondFactor() {
      const pending = await pendingSecondFactor(await database(), (await cookies()).get(SESSION_COOKIE)?.value);
      return pending?.email ? { userId: pending.userId, email: pending.email } : null;
    },

    async verifySecondFactor(code, client) {
      const db = await database();
      const pending = await pendingSecondFactor(db, (await cookies()).get(SESSION_COOKIE)?.value);
      if (!pending) return { ok: false, error: twoFactorMessages.expired, ended: true };
      const method = await verifyLocalCode(db, pending.userId, code);
      if (!method) {
        // A wrong code ends the half sign-in: each guess at the code costs the password again.
        await endPresentedSession(db);
        return { ok: false, error: twoFactorMessages.wrongSignInCode, ended: true };
      }
      // A new token for the raised assurance level; the half-signed-in one ends.
      await startSession(settings, db, pending.userId, client, 'aal2', true);
      return { ok: true, userId: pending.userId, method };
    },

    async signOut() {
      await endPresentedSession(await database());
    },

    twoFactor: {
      async status(ctx) {
        return localTwoFactorStatus(ctx.db, ctx.user.id);
      },
      async startEnrolment(ctx) {
        return startLocalEnrolment(ctx.db, { id: ctx.user.id, email: ctx.user.email ?? ctx.user.id });
      },
      async confirmEnrolment(ctx, code, client) {
        const recoveryCodes = await confirmLocalEnrolment(ctx.db, ctx.user.id, code);
        // From now on this user's sessions need aal2: this one has just shown the factor, and every
        // other one ends (docs/auth.md, "What ends a session").
        const kept = await startSession(settings, ctx.db, ctx.user.id, client, 'aal2', false);
        await revokeOtherSessions(ctx.db, ctx.user.id, kept);
        return { recoveryCodes };
      },
      async disable(ctx, password, code) {
        if (!(await hasLocalTwoFactor(ctx.db, ctx.user.id))) throw new TwoFactorError(twoFactorMessages.notOn);
        // A session left open on a shared computer must not be enough to weaken the account: the
        // password first (so a wrong one spends no code), then the code.
        const [user] = await asSystem(ctx.db, 'auth', (d) =>
          d.select({ hash: authUsers.encryptedPassword }).from(authUsers).where(eq(authUsers.id, ctx.user.id)),
        );
        if (!(await verifyPassword(password, user?.hash))) throw new TwoFactorError(twoFactorMessages.wrongPassword);
        if (!(await verifyLocalCode(ctx.db, ctx.user.id, code))) throw new TwoFactorError(twoFactorMessages.wrongCode);
        await disableLocalTwoFactor(ctx.db, ctx.user.id);
        // Sessions that never showed the factor (half sign-ins, sessions from before it was on)
        // must not become full sessions now: every session but this one ends.
        await revokeOtherSessions(ctx.db, ctx.user.id, (await cookies()).get(SESSION_COOKIE)?.value);
      },
    },
  };
}

/** Ends the session (or half sign-in) this browser presented, and clears its cookie. */
async function endPresentedSession(db: Database): Promise<void> {
  const jar = await cookies();
  await revokeSession(db, jar.get(SESSION_COOKIE)?.value);
  jar.delete({ name: SESSION_COOKIE, path: '/' });
}

/**
 * Starts a session with a fresh token and ends the one the browser presented, so a token set
 * in the browser before sign-in (session fixation) never becomes a signed-in session.
 */
async function startSession(
  settings: LocalAuthSettings,
  db: Database,
  userId: string,
  client: ClientInfo,
  aal: Aal,
  signedIn: boolean,
  options: { awaitingSecondFactor?: boolean } = {},
): Promise<string> {
  const jar = await cookies();
  await revokeSession(db, jar.get(SESSION_COOKIE)?.value);
  const session = await createSession(db, userId, client, new Date(), aal, options);
  if (signedIn)
    await asSystem(db, 'auth', (d) =>
      d.update(authUsers).set({ lastSignInAt: new Date() }).where(eq(authUsers.id, userId)),
    );
  jar.set(
    SESSION_COOKIE,
    session.token,
    sessionCookieOptions(session.maxAgeSeconds, { secure: settings.secureCookies }),
  );
  return session.token;
}
