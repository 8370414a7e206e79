import type { Database, Tx } from '@/lib/db/port';
import { asAdmin, type Claims } from '@/lib/db/roles';
import { changedAddresses, NOT_CONFIGURED, NOTHING_TO_SEND } from './messages';
import { readQueuedChanges, removeSentChanges } from './queue';
import type { NotifyOutcome, SearchEngineNotifier } from './port';

/** What one notification did; `message` is what pingResult.bing and the screen say. */
export type NotifyResult = {
  /** A request was sent (something was queued and search engines are configured). */
  attempted: boolean;
  /** Every queued address was accepted, or there was nothing to send. */
  ok: boolean;
  sent: number;
  /** Addresses still queued for the next run. */
  remaining: number;
  message: string;
};

function failure(outcome: Exclude<NotifyOutcome, { accepted: true }>): string {
  return outcome.status ? `HTTP ${outcome.status}: ${outcome.reason}` : outcome.reason;
}

/**
 * Sends the queued addresses to the search engines (IndexNow, lib/search-engines/), as
 * many a request as the notifier takes (10,000), and removes from the queue only those a request
 * had accepted (200 or 202); the rest stay for the next run. Nothing queued: no request. No
 * notifier (no INDEXNOW_KEY): nothing sent, and the result says how to enable it. Never throws for
 * IndexNow's sake: a refusal or a timeout is reported in the result.
 */
export function notifyIndexNow(
  db: Database,
  claims: Claims,
  searchEngines: SearchEngineNotifier | null,
): Promise<NotifyResult> {
  return notifyIndexNowAs((fn) => asAdmin(db, claims, fn), searchEngines);
}

/** In a transaction as the caller: an admin (above), or the system for a job with no user behind it. */
export type QueueAccess = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** notifyIndexNow, reading and trimming the queue through `access`. */
export async function notifyIndexNowAs(
  access: QueueAccess,
  searchEngines: SearchEngineNotifier | null,
): Promise<NotifyResult> {
  const queued = await access(readQueuedChanges);
  if (!searchEngines)
    return { attempted: false, ok: false, sent: 0, remaining: queued.length, message: NOT_CONFIGURED };
  if (queued.length === 0) {
    return { attempted: false, ok: true, sent: 0, remaining: 0, message: NOTHING_TO_SEND };
  }
  let sent = 0;
  const failures: string[] = [];
  const statuses = new Set<number>();
  for (let start = 0; start < queued.length; start += searchEngines.batchSize) {
    const batch = queued.slice(start, start + searchEngines.batchSize);
    const outcome = await searchEngines.notify(batch.map((change) => change.path));
    if (!outcome.accepted) {
      failures.push(failure(outcome));
      continue;
    }
    statuses.add(outcome.status);
    await access((tx) => removeSentChanges(tx, batch));
    sent += batch.length;
  }
  const remaining = queued.length - sent;
  if (failures.length === 0) {
    return {
      attempted: true,
      ok: true,
      sent,
      remaining,
      message: `IndexNow accepted ${changedAddresses(sent)} (HTTP ${[...statuses].join(', ')})`,
    };
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
