import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { loginAttempts } from '@/lib/db/schema';
import { addressBlock } from '@/lib/http/address-block';

/**
 * Sign-in throttling, kept in the database so every server sees the same counts. Each guess (a
 * password, a two-factor code, a recovery code) is checked against its budget and recorded in
 * one step, under a transaction-scoped advisory lock per budget, before the guess is tested: an
 * attempt counts as a failure until it is settled as a success, so however many guesses arrive
 * at once, at most MAX_FAILURES of them are tested per budget and window.
 *
 * Budgets (OWASP device cookies, lib/auth/device-cookie.ts):
 * - a browser with a valid device cookie for the account: that device's own failures;
 * - any other browser: the account's failures from all unknown browsers, and (so one address
 *   cannot try many accounts) that address's failures across accounts. An address counts as its
 *   block (an IPv6 address's /64, lib/http/address-block.ts), and the block is what is stored.
 * A success resets nothing: the owner's known browser does not need it, and a reset would give
 * a guesser a fresh budget each time the owner signs in.
 */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;
export const THROTTLED_MESSAGE = 'Too many sign-in attempts. Please wait 15 minutes and try again.';

export type Factor = 'password' | 'totp' | 'recovery';
export type AttemptKey = { email: string; ip: string; device?: string | null };

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase().slice(0, 320);
}

/**
 * Checks the budgets of `key` and, when there is room, records the attempt (as a failure for
 * now) and returns its id for settleAttempt(). Null when the budget is spent.
 */
export async function beginAttempt(
  database: Database,
  key: AttemptKey,
  factor: Factor = 'password',
  now = new Date(),
): Promise<number | null> {
  const email = normaliseEmail(key.email);
  const ip = addressBlock(key.ip).slice(0, 64);
  const device = key.device ?? null;
  const since = new Date(now.getTime() - WINDOW_MS);
  const failed = and(eq(loginAttempts.success, false), gt(loginAttempts.at, since));
  return asSystem(database, 'auth', (db) =>
    db.transaction(async (tx) => {
      const budgets = device ? [`device:${device}`] : [`account:${email}`, `address:${ip}`];
      // Sorted: two attempts always take shared locks in the same order, so never deadlock.
      for (const budget of budgets.sort())
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${budget}, 0))`);
      const spent = async (where: ReturnType<typeof and>) =>
        ((await tx.select({ n: count() }).from(loginAttempts).where(and(failed, where)))[0]?.n ?? 0) >= MAX_FAILURES;
      if (device) {
        if (await spent(eq(loginAttempts.device, device))) return null;
      } else if (
        (await spent(and(eq(loginAttempts.email, email), isNull(loginAttempts.device)))) ||
        (await spent(and(eq(loginAttempts.ip, ip), isNull(loginAttempts.device))))
      ) {
        return null;
      }
      const [row] = await tx
        .insert(loginAttempts)
        .values({ email, ip, device, factor, at: now, success: false })
        .returning({ id: loginAttempts.id });
      return row!.id;
    }),
  );
}

/** Marks a begun attempt as the success it turned out to be (a failure needs no second write). */
export async function settleAttempt(database: Database, id: number, success: boolean): Promise<void> {
  if (!success) return;
  await asSystem(database, 'auth', (db) =>
    db.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, id)),
  );
}

/** Housekeeping: attempts older than a day no longer count for anything. */
export async function pruneAttempts(database: Database, now = new Date()): Promise<void> {
  const before = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await asSystem(database, 'auth', (db) => db.delete(loginAttempts).where(lt(loginAttempts.at, before)));
}
