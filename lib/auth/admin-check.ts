import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/port';
import { asSystem, asUser, type Claims } from '@/lib/db/roles';
import { profiles } from '@/lib/db/schema';

/**
 * Reads profiles.is_admin for the user, as that user, so row-level security applies (a user
 * sees only their own profile). No profile counts as not admin (PostgREST's PGRST116, no row);
 * any other failure throws and becomes 'check-failed'.
 */
export async function readIsAdmin(database: Database, claims: Claims): Promise<boolean> {
  const [row] = await asUser(database, claims, (tx) =>
    tx.select({ isAdmin: profiles.isAdmin }).from(profiles).where(eq(profiles.userId, claims.sub)),
  );
  return row?.isAdmin === true;
}

/** Whether this account is an admin's, read by the auth system task (just after a sign-in). */
export async function isAdminUser(database: Database, userId: string): Promise<boolean> {
  const [row] = await asSystem(database, 'auth', (db) =>
    db.select({ isAdmin: profiles.isAdmin }).from(profiles).where(eq(profiles.userId, userId)),
  );
  return row?.isAdmin === true;
}
