import { and, count, eq, gt, lt, max } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { asSystem } from '@/lib/db/roles';
import { loginAttempts } from '@/lib/db/schema';

/**
 * Sign-in throttling, per account and per client address, kept in the database so every server
 * sees the same counts. At most MAX_FAILURES failed attempts in WINDOW_MS, then the form is
 * refused until the window has passed.
 * - Account: failures for that email since its last successful sign-in (within the window).
 * - Address: every failure from that address within the window; a success does not reset it,
 *   so signing in to one's own account does not buy more guesses at other accounts.
 */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;
export const THROTTLED_MESSAGE = 'Too many sign-in attempts. Please wait 15 minutes and try again.';

export type AttemptKey = { email: string; ip: string };

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase().slice(0, 320);
}

export async function isThrottled(database: Database, key: AttemptKey, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - WINDOW_MS);
  const email = normaliseEmail(key.email);
  return asSystem(database, 'auth', async (db) => {
    const [lastSuccess] = await db
      .select({ at: max(loginAttempts.at) })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.email, email), eq(loginAttempts.success, true), gt(loginAttempts.at, since)));
    const accountSince = lastSuccess?.at && lastSuccess.at > since ? lastSuccess.at : since;
    const [account] = await db
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.email, email), eq(loginAttempts.success, false), gt(loginAttempts.at, accountSince)));
    if ((account?.n ?? 0) >= MAX_FAILURES) return true;
    const [address] = await db
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.ip, key.ip.slice(0, 64)), eq(loginAttempts.success, false), gt(loginAttempts.at, since)));
    return (address?.n ?? 0) >= MAX_FAILURES;
  });
}

export async function recordAttempt(database: Database, key: AttemptKey, success: boolean, now = new Date()): Promise<void> {
  await asSystem(database, 'auth', (db) =>
    db.insert(loginAttempts).values({ email: normaliseEmail(key.email), ip: key.ip.slice(0, 64), at: now, success }),
  );
}

/** Housekeeping: attempts older than a day no longer count for anything. */
export async function pruneAttempts(database: Database, now = new Date()): Promise<void> {
  const before = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await asSystem(database, 'auth', (db) => db.delete(loginAttempts).where(lt(loginAttempts.at, before)));
}
