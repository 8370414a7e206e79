import type { Database, Tx } from '@/lib/db/client';
import { asAdmin, type Claims } from '@/lib/db/roles';
import { INDEXNOW_BATCH, indexNowBodies, postIndexNow, type IndexNowOutcome } from './indexnow';
import { changedAddresses, NOT_CONFIGURED, NOTHING_TO_SEND } from './messages';
import { readQueuedChanges, removeSentChanges } from './queue';

export type IndexNowConfig = { key?: string; endpoint: string; siteUrl: string; timeoutMs?: number; fetchImpl?: typeof fetch };

/** What one notification did; `message` is what pingResult.bing and the screen say. */
export type NotifyResult = {
  /** A request was sent (something was queued and IndexNow is configured). */
  attempted: boolean;
  /** Every queued address was accepted, or there was nothing to send. */
  ok: boolean;
  sent: number;
  /** Addresses still queued for the next run. */
  remaining: number;
  message: string;
};


function failure(outcome: Exclude<IndexNowOutcome, { accepted: true }>): string {
  return outcome.status ? `HTTP ${outcome.status}: ${outcome.reason}` : outcome.reason;
}

/**
 * Sends the queued addresses to IndexNow, 10,000 a request, and removes from the queue only
 * those a request had accepted (200 or 202); the rest stay for the next run. Nothing queued: no
 * request. Never throws for IndexNow's sake: a refusal or a timeout is reported in the result.
 */
export function notifyIndexNow(db: Database, claims: Claims, config: IndexNowConfig): Promise<NotifyResult> {
  return notifyIndexNowAs((fn) => asAdmin(db, claims, fn), config);
}

/** In a transaction as the caller: an admin (above), or the system for a job with no user behind it. */
export type QueueAccess = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** notifyIndexNow, reading and trimming the queue through `access`. */
export async function notifyIndexNowAs(access: QueueAccess, config: IndexNowConfig): Promise<NotifyResult> {
  const queued = await access(readQueuedChanges);
  if (!config.key) return { attempted: false, ok: false, sent: 0, remaining: queued.length, message: NOT_CONFIGURED };
  if (queued.length === 0) {
    return { attempted: false, ok: true, sent: 0, remaining: 0, message: NOTHING_TO_SEND };
  }
  const bodies = indexNowBodies(config.siteUrl, config.key, queued.map((change) => change.path));
  let sent = 0;
  const failures: string[] = [];
  const statuses = new Set<number>();
  for (const [i, body] of bodies.entries()) {
    const outcome = await postIndexNow(config.endpoint, body, { timeoutMs: config.timeoutMs, fetchImpl: config.fetchImpl });
    if (!outcome.accepted) {
      failures.push(failure(outcome));
      continue;
    }
    statuses.add(outcome.status);
    const batch = queued.slice(i * INDEXNOW_BATCH, (i + 1) * INDEXNOW_BATCH);
    await access((tx) => removeSentChanges(tx, batch));
    sent += batch.length;
  }
  const remaining = queued.length - sent;
  if (failures.length === 0) {
    return { attempted: true, ok: true, sent, remaining, message: `IndexNow accepted ${changedAddresses(sent)} (HTTP ${[...statuses].join(', ')})` };
  }
  const accepted = sent > 0 ? `IndexNow accepted ${changedAddresses(sent)}, but ` : 'IndexNow ';
  return {
    attempted: true,
    ok: false,
    sent,
    remaining,
    message: `${accepted}refused or did not answer for ${changedAddresses(remaining)} (${[...new Set(failures)].join('; ')}); they stay queued for the next run`,
  };
}
