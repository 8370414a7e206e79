import 'server-only';
import { eq } from 'drizzle-orm';
import { cookies } from 'next/headers';
import { database } from '@/lib/db';
import { asSystem } from '@/lib/db/roles';
import { authUsers } from '@/lib/db/schema';
import { verifyPassword } from '../password';
import { INVALID_CREDENTIALS, type AuthAdapter } from '../port';
import { SESSION_COOKIE, sessionCookieOptions } from './cookie';
import { createSession, revokeSession, verifySession } from './sessions';

/** Local accounts: bcrypt passwords in auth.users, sessions in app_private.sessions. */
export const localAuthAdapter: AuthAdapter = {
  async getSession() {
    const token = (await cookies()).get(SESSION_COOKIE)?.value;
    if (!token) return null;
    return verifySession(await database(), token);
  },

  async signIn(email, password, client) {
    const db = await database();
    const [user] = await asSystem(db, 'auth', (d) =>
      d.select({ id: authUsers.id, hash: authUsers.encryptedPassword }).from(authUsers).where(eq(authUsers.email, email)),
    );
    // verifyPassword compares against a dummy hash for unknown accounts: same timing either way.
    const valid = await verifyPassword(password, user?.hash);
    if (!user || !user.hash || !valid) return { ok: false, error: INVALID_CREDENTIALS };
    const session = await createSession(db, user.id, client);
    await asSystem(db, 'auth', (d) => d.update(authUsers).set({ lastSignInAt: new Date() }).where(eq(authUsers.id, user.id)));
    (await cookies()).set(SESSION_COOKIE, session.token, sessionCookieOptions(session.maxAgeSeconds));
    return { ok: true, userId: user.id };
  },

  async signOut() {
    const jar = await cookies();
    await revokeSession(await database(), jar.get(SESSION_COOKIE)?.value);
    jar.delete({ name: SESSION_COOKIE, path: '/' });
  },
};
