import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { logsApp } from '@/lib/db/schema';
import { addressBlock } from '@/lib/http/address-block';
import { recordAppLog, type AppLogEntry } from './app-log';
import { SECURITY_LOG_TYPE, securityEventMessages, securityEventRow, type SecurityEvent } from './security-event-rows';
import { requestCorrelationId } from './correlation';
import { logger } from './logger';

export { SECURITY_LOG_TYPE, securityEventMessages, type SecurityEvent };

/** Records a security event (a warn row for a lock-out, info otherwise). Never fails its caller. */
export async function recordSecurityEvent(
  db: Database,
  event: SecurityEvent,
  fields: Pick<AppLogEntry, 'correlationId' | 'meta' | 'method' | 'userId'> = {},
): Promise<void> {
  await recordAppLog(db, { ...securityEventRow(event), ...fields });
}

type LockOut = { email: string; ip: string; factor: string; knownDevice: boolean; windowMs: number };

/**
 * A refused sign-in attempt (its budget spent, lib/auth/throttle.ts) as a security event, with
 * the request's correlation id. One row per address block (an IPv6 address's /64,
 * lib/http/address-block.ts) and throttling window, whatever the emails tried: the attacker
 * picks the emails, and within a /64 the address, not the block, so a guesser hammering a
 * locked door (or trying a new made-up account each time) writes one row, not thousands. A
 * transaction lock per block makes concurrent refusals agree on which one writes it. Lock-outs
 * are kept apart from the other security events (lib/retention/retention.ts), so however many
 * blocks write them, they cannot push those out. Never fails the sign-in it reports.
 */
export async function recordLockOut(
  db: Database,
  { email, ip, factor, knownDevice, windowMs }: LockOut,
): Promise<void> {
  const correlationId = await requestCorrelationId();
  const since = new Date(Date.now() - windowMs);
  const block = addressBlock(ip);
  try {
    const written = await asSystem(db, 'app-log', (sys) =>
      sys.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lock-out:${block}`}))`);
        const already = await tx
          .select({ id: logsApp.id })
          .from(logsApp)
          .where(
            and(
              eq(logsApp.type, SECURITY_LOG_TYPE),
              eq(logsApp.message, securityEventMessages.lockOut),
              gt(logsApp.ts, since),
              sql`${logsApp.meta}->>'block' = ${block}`,
            ),
          )
          .limit(1);
        if (already.length > 0) return false;
        await tx.insert(logsApp).values({
          ...securityEventRow('lockOut', { meta: { email, ip, block, factor, knownDevice } }),
          correlationId,
          method: 'POST',
        });
        return true;
      }),
    );
    logger.warn(
      { feature: 'auth', email, ip, factor, correlationId },
      written ? securityEventMessages.lockOut : 'sign-in attempt refused: still locked out',
    );
  } catch (error) {
    logger.error({ err: error, feature: 'auth', correlationId, email, ip }, 'could not record a sign-in lock-out');
  }
}
