import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { authUsers, logsApp, profiles, sessions } from '@/lib/db/schema';
import { securityEventRow } from '@/lib/log/security-event-rows';
import { hashPassword, verifyPassword } from './password';

export type NewUser = { email: string; password: string; admin?: boolean };

export type UpsertResult = { id: string; created: boolean; passwordChanged: boolean; sessionsRevoked: number };

/**
 * Creates a local account, or resets the password (and raises to admin) of an existing one.
 * The profile row comes from the on_auth_user_created trigger. A changed password signs the
 * user out everywhere (OWASP: sessions end when the credential changes); the same password
 * (ADMIN_PASSWORD at every start) changes nothing, so a restart keeps everyone signed in.
 */
export async function upsertLocalUser(database: Database, user: NewUser): Promise<UpsertResult> {
  const email = user.email.trim().toLowerCase();
  const [current] = await asSystem(database, 'bootstrap', (db) =>
    db
      .select({ id: authUsers.id, hash: authUsers.encryptedPassword })
      .from(authUsers)
      .where(eq(authUsers.email, email)),
  );
  const unchanged = Boolean(current?.hash) && (await verifyPassword(user.password, current!.hash));
  const encryptedPassword = unchanged ? null : await hashPassword(user.password);
  return asSystem(database, 'bootstrap', (db) =>
    db.transaction(async (tx) => {
      const lockedRow = () =>
        tx
          .select({ id: authUsers.id, hash: authUsers.encryptedPassword })
          .from(authUsers)
          .where(eq(authUsers.email, email))
          .for('update');
      let [existing] = await lockedRow();
      let id: string | undefined;
      if (!existing) {
        // Several servers starting together with ADMIN_EMAIL all find no row: one inserts, the
        // others wait for it on the unique email and then take that row as existing.
        const [inserted] = await tx
          .insert(authUsers)
          .values({
            email,
            encryptedPassword: encryptedPassword ?? (await hashPassword(user.password)),
            emailConfirmedAt: new Date(),
          })
          .onConflictDoNothing({ target: authUsers.email })
          .returning({ id: authUsers.id });
        id = inserted?.id;
        if (!id) [existing] = await lockedRow();
      }
      let sessionsRevoked = 0;
      // Re-checked under the row lock: the hash compared above may have changed since (or the
      // row been made by another server meanwhile), so a changed hash is compared again.
      const passwordChanged = existing
        ? existing.hash === current?.hash
          ? !unchanged
          : !(await verifyPassword(user.password, existing.hash))
        : false;
      if (existing) {
        id = existing.id;
        if (passwordChanged) {
          await tx
            .update(authUsers)
            .set({ encryptedPassword: encryptedPassword ?? (await hashPassword(user.password)), updatedAt: sql`now()` })
            .where(eq(authUsers.id, id));
          sessionsRevoked = (await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id }))
            .length;
          await tx
            .insert(logsApp)
            .values(securityEventRow('passwordChanged', { userId: id, meta: { email, sessionsRevoked } }));
        }
      }
      if (!id) throw new Error(`The account ${email} could be neither created nor found`);
      if (user.admin) await tx.update(profiles).set({ isAdmin: true }).where(eq(profiles.userId, id));
      return { id, created: !existing, passwordChanged, sessionsRevoked };
    }),
  );
}
