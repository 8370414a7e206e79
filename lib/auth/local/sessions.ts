import crypto from 'node:crypto';
import { and, eq, exists, gt, isNotNull, lt, ne } from 'drizzle-orm';
import type { Database, Db } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { authUsers, sessions, totpFactors } from '@/lib/db/schema';
import type { Session } from '../types';

/**
 * Server-side sessions for local accounts. The cookie holds an opaque random token; the database
 * holds only its SHA-256, so a leaked sessions table cannot be replayed as cookies. A session
 * ends after IDLE_MS without use (sliding), and in any case MAX_AGE_MS after sign-in.
 */
export const IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most once a day per session, not on every request. */
export const TOUCH_AFTER_MS = 24 * 60 * 60 * 1000;
/** How long after the password a half-finished sign-in still accepts the second factor. */
export const SECOND_FACTOR_MS = 10 * 60 * 1000;

/**
 * Authenticator assurance level: aal2 once the second factor was given. A session of a user
 * with two-factor sign-in on is a session only at aal2; at aal1 it is a sign-in waiting for
 * its code (pendingSecondFactor), and nothing else treats it as signed in.
 */
export type Aal = 'aal1' | 'aal2';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export type NewSession = { token: string; expiresAt: Date; maxAgeSeconds: number };

export async function createSession(
  database: Database,
  userId: string,
  client: { ip?: string | null; userAgent?: string | null } = {},
  now = new Date(),
  aal: Aal = 'aal1',
  { awaitingSecondFactor = false }: { awaitingSecondFactor?: boolean } = {},
): Promise<NewSession> {
  const token = crypto.randomBytes(32).toString('base64url');
  // A sign-in waiting for its second factor is a row that ends with its SECOND_FACTOR_MS: it is
  // never a session, even if two-factor sign-in is turned off later.
  const expiresAt = new Date(now.getTime() + (awaitingSecondFactor ? SECOND_FACTOR_MS : IDLE_MS));
  await asSystem(database, 'auth', (db) =>
    db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      userAgent: client.userAgent?.slice(0, 512) ?? null,
      ip: client.ip?.slice(0, 64) ?? null,
      aal,
    }),
  );
  return { token, expiresAt, maxAgeSeconds: (awaitingSecondFactor ? SECOND_FACTOR_MS : MAX_AGE_MS) / 1000 };
}

async function findSession(db: Db, token: string, now: Date) {
  const secondFactorOn = exists(
    db
      .select({ on: totpFactors.userId })
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, sessions.userId), isNotNull(totpFactors.confirmedAt))),
  );
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      email: authUsers.email,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      aal: sessions.aal,
      secondFactorOn,
    })
    .from(sessions)
    .innerJoin(authUsers, eq(authUsers.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)));
  return row;
}

/**
 * The session a cookie token names, if it exists, has not expired and has the assurance its
 * user needs; extends its idle expiry when it was last extended more than a day ago. Malformed
 * tokens never reach the database.
 */
export async function verifySession(
  database: Database,
  token: string | undefined | null,
  now = new Date(),
): Promise<Session | null> {
  if (!token || !TOKEN.test(token)) return null;
  return asSystem(database, 'auth', async (db) => {
    const row = await findSession(db, token, now);
    if (!row || (row.secondFactorOn && row.aal !== 'aal2')) return null;
    let expiresAt = row.expiresAt;
    if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      const cap = row.createdAt.getTime() + MAX_AGE_MS;
      expiresAt = new Date(Math.min(now.getTime() + IDLE_MS, cap));
      await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, row.id));
    }
    return {
      user: { id: row.userId, email: row.email },
      claims: { sub: row.userId, email: row.email, role: 'authenticated' },
      expiresAt,
    };
  });
}

/**
 * The user of a sign-in that passed the password and waits for the second factor: an aal1
 * session of a user with two-factor sign-in on, at most SECOND_FACTOR_MS old.
 */
export async function pendingSecondFactor(
  database: Database,
  token: string | undefined | null,
  now = new Date(),
): Promise<{ userId: string; email: string | null } | null> {
  if (!token || !TOKEN.test(token)) return null;
  const row = await asSystem(database, 'auth', (db) => findSession(db, token, now));
  if (!row || !row.secondFactorOn || row.aal !== 'aal1' || now.getTime() - row.createdAt.getTime() > SECOND_FACTOR_MS)
    return null;
  return { userId: row.userId, email: row.email };
}

export async function revokeSession(database: Database, token: string | undefined | null): Promise<void> {
  if (!token || !TOKEN.test(token)) return;
  await asSystem(database, 'auth', (db) => db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token))));
}

/** Signs a user out everywhere (password reset, account removal). */
export async function revokeUserSessions(database: Database, userId: string): Promise<number> {
  const gone = await asSystem(database, 'auth', (db) =>
    db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id }),
  );
  return gone.length;
}

/**
 * Ends every session of the user but the one this token names: turning two-factor sign-in on or
 * off changes what a session must have shown, so the others sign in again under the new rule.
 */
export async function revokeOtherSessions(
  database: Database,
  userId: string,
  keepToken: string | undefined | null,
): Promise<number> {
  const keep = keepToken && TOKEN.test(keepToken) ? hashToken(keepToken) : '';
  const gone = await asSystem(database, 'auth', (db) =>
    db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keep)))
      .returning({ id: sessions.id }),
  );
  return gone.length;
}

/** Housekeeping: expired sessions serve no one. */
export async function deleteExpiredSessions(database: Database, now = new Date()): Promise<void> {
  // expires_at never passes created_at + MAX_AGE_MS, so it alone decides.
  await asSystem(database, 'auth', (db) => db.delete(sessions).where(lt(sessions.expiresAt, now)));
}
