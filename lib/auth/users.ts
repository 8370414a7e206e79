import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { asSystem } from '@/lib/db/roles';
import { authUsers, profiles } from '@/lib/db/schema';
import { hashPassword } from './password';

export type NewUser = { email: string; password: string; admin?: boolean };

/**
 * Creates a local account, or resets the password (and raises to admin) of an existing one.
 * The profile row comes from the on_auth_user_created trigger.
 */
export async function upsertLocalUser(database: Database, user: NewUser): Promise<{ id: string; created: boolean }> {
  const email = user.email.trim().toLowerCase();
  const encryptedPassword = await hashPassword(user.password);
  return asSystem(database, 'bootstrap', (db) =>
    db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email));
      let id: string;
      if (existing) {
        id = existing.id;
        await tx.update(authUsers).set({ encryptedPassword, updatedAt: sql`now()` }).where(eq(authUsers.id, id));
      } else {
        const [inserted] = await tx
          .insert(authUsers)
          .values({ email, encryptedPassword, emailConfirmedAt: new Date() })
          .returning({ id: authUsers.id });
        id = inserted!.id;
      }
      if (user.admin) await tx.update(profiles).set({ isAdmin: true }).where(eq(profiles.userId, id));
      return { id, created: !existing };
    }),
  );
}
