import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { authUsers, profiles, sessions, setupTokens } from '@/lib/db/schema';
import { hashPassword } from '@/lib/users/password';

/** A setup link works for one hour (docs/architecture.md, Operational contract). */
export const SETUP_TOKEN_TTL_MS = 60 * 60 * 1000;

const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

async function anyAdmin(db: Db | Tx): Promise<boolean> {
  const [row] = await db.select({ id: profiles.userId }).from(profiles).where(eq(profiles.isAdmin, true)).limit(1);
  return Boolean(row);
}

/**
 * A new one-time setup token, when no admin exists yet (null once one does). Earlier unused
 * tokens stop working: only the link printed last is valid. Only the token's hash is stored.
 */
export async function issueSetupToken(database: Database, now = new Date()): Promise<string | null> {
  return asSystem(database, 'bootstrap', (db) =>
    db.transaction(async (tx) => {
      if (await anyAdmin(tx)) return null;
      const token = crypto.randomBytes(32).toString('base64url');
      await tx.delete(setupTokens).where(isNull(setupTokens.usedAt));
      await tx
        .insert(setupTokens)
        .values({ tokenHash: hashOf(token), createdAt: now, expiresAt: new Date(now.getTime() + SETUP_TOKEN_TTL_MS) });
      return token;
    }),
  );
}

/** Whether this token opens the setup form now: issued, unused, unexpired, and still no admin. */
export async function isSetupTokenValid(database: Database, token: string, now = new Date()): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
  return asSystem(database, 'bootstrap', async (db) => {
    const [row] = await db
      .select({ id: setupTokens.id })
      .from(setupTokens)
      .where(and(eq(setupTokens.tokenHash, hashOf(token)), isNull(setupTokens.usedAt), gt(setupTokens.expiresAt, now)));
    return Boolean(row) && !(await anyAdmin(db));
  });
}

/**
 * Spends the token and creates the admin, in one transaction: the token's row is locked and
 * marked used there, so two submits at once create one admin and the other finds the link
 * spent. An account that already has this email (made with the CLI, not an admin) gets the
 * new password and becomes the admin, its old sessions ended. Null when the link is not valid.
 */
export async function completeSetup(
  database: Database,
  input: { token: string; email: string; password: string },
  now = new Date(),
): Promise<{ userId: string } | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(input.token)) return null;
  const email = input.email.trim().toLowerCase();
  const encryptedPassword = await hashPassword(input.password);
  return asSystem(database, 'bootstrap', (db) =>
    db.transaction(async (tx) => {
      // Under the row lock a concurrent submit waits here, then sees used_at set and gets null.
      const [token] = await tx
        .select({ id: setupTokens.id })
        .from(setupTokens)
        .where(
          and(
            eq(setupTokens.tokenHash, hashOf(input.token)),
            isNull(setupTokens.usedAt),
            gt(setupTokens.expiresAt, now),
          ),
        )
        .for('update');
      if (!token) return null;
      // Every token is spent by the first admin: one made another way (CLI) closes setup too.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('first-run-setup', 0))`);
      if (await anyAdmin(tx)) return null;
      await tx.update(setupTokens).set({ usedAt: now }).where(eq(setupTokens.id, token.id));
      const [existing] = await tx
        .select({ id: authUsers.id })
        .from(authUsers)
        .where(eq(authUsers.email, email))
        .for('update');
      let userId: string;
      if (existing) {
        userId = existing.id;
        await tx
          .update(authUsers)
          .set({ encryptedPassword, updatedAt: sql`now()` })
          .where(eq(authUsers.id, userId));
        await tx.delete(sessions).where(eq(sessions.userId, userId));
      } else {
        const [inserted] = await tx
          .insert(authUsers)
          .values({ email, encryptedPassword, emailConfirmedAt: now })
          .returning({ id: authUsers.id });
        userId = inserted!.id;
      }
      // The profile row comes from the on_auth_user_created trigger.
      await tx.update(profiles).set({ isAdmin: true }).where(eq(profiles.userId, userId));
      return { userId };
    }),
  );
}
