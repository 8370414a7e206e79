import 'server-only';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { asSystem } from '@/lib/db/roles';
import { logsApp } from '@/lib/db/schema';
import { recordAppLog } from './app-log';
import { requestCorrelationId } from './correlation';
import { logger } from './logger';

export const LOCK_OUT_MESSAGE = 'Sign-in locked out: too many failed attempts';

type LockOut = { email: string; ip: string; factor: string; knownDevice: boolean; windowMs: number };

/**
 * A refused sign-in attempt (its budget spent, lib/auth/throttle.ts) as a warn row in the
 * Application Logs, with the request's correlation id. One row per account and address (or
 * known device) and throttling window: a guesser hammering a locked door writes one row, not
 * thousands. Never fails the sign-in it reports.
 */
export async function recordLockOut(db: Database, { email, ip, factor, knownDevice, windowMs }: LockOut): Promise<void> {
  const correlationId = await requestCorrelationId();
  try {
    const since = new Date(Date.now() - windowMs);
    const already = await asSystem(db, 'app-log', (sys) =>
      sys
        .select({ id: logsApp.id })
        .from(logsApp)
        .where(and(eq(logsApp.feature, 'auth'), eq(logsApp.message, LOCK_OUT_MESSAGE), gt(logsApp.ts, since), sql`${logsApp.meta}->>'email' = ${email}`, sql`${logsApp.meta}->>'ip' = ${ip}`))
        .limit(1),
    );
    if (already.length > 0) {
      logger.warn({ feature: 'auth', email, ip, factor, correlationId }, 'sign-in attempt refused: still locked out');
      return;
    }
  } catch (error) {
    logger.error({ err: error, feature: 'auth', correlationId }, 'could not look up an earlier lock-out');
  }
  await recordAppLog(db, { level: 'warn', type: 'backend', feature: 'auth', message: LOCK_OUT_MESSAGE, correlationId, method: 'POST', meta: { email, ip, factor, knownDevice } });
}
