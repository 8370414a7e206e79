import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { database } from '@/lib/database';
import type { Database } from '@/lib/db/port';
import { logger } from '@/lib/log/logger';
import { readIsAdmin } from './admin-check';
import { getSession } from './session';
import { AdminRequiredError, type AdminContext, type AdminDenial, type Session } from './types';

/** A failed check keeps its cause: an unreachable database is told as such (lib/db/health.ts). */
export type AdminCheck =
  { ok: true; ctx: AdminContext } | { ok: false; reason: AdminDenial; email?: string; cause?: unknown };

/**
 * Decides whether a session is an admin's. Pure of request state so tests can drive it with a
 * test database; checkAdmin() and requireAdmin() feed it the current request.
 */
export async function evaluateAdmin(db: Database, session: Session | null): Promise<AdminCheck> {
  if (!session) return { ok: false, reason: 'no-session' };
  const email = session.user.email ?? undefined;
  try {
    const isAdmin = await readIsAdmin(db, session.claims);
    if (!isAdmin) return { ok: false, reason: 'not-admin', email };
    return { ok: true, ctx: { user: session.user, claims: session.claims, db } };
  } catch (error) {
    logger.error({ err: error, feature: 'auth', userId: session.user.id }, 'admin check failed');
    return { ok: false, reason: 'check-failed', email, cause: error };
  }
}

/** For the gate UI: never throws; says why access is refused. */
export async function checkAdmin(): Promise<AdminCheck> {
  let session: Session | null;
  let db: Database;
  try {
    [session, db] = await Promise.all([getSession(), database()]);
  } catch (error) {
    // cookies() during prerender throws Next's own control-flow errors; they must propagate.
    unstable_rethrow(error);
    logger.error({ err: error, feature: 'auth' }, 'session lookup failed');
    return { ok: false, reason: 'check-failed', cause: error };
  }
  return evaluateAdmin(db, session);
}

/**
 * The authorization check every admin page, server action and route handler calls first.
 * The /admin layout and proxy.ts are conveniences, never the boundary.
 * @throws AdminRequiredError with reason 'no-session' | 'not-admin' | 'check-failed'
 */
export async function requireAdmin(): Promise<AdminContext> {
  const result = await checkAdmin();
  if (!result.ok) throw new AdminRequiredError(result.reason, { cause: result.cause });
  return result.ctx;
}
