import { and, desc, eq, inArray, lt, not, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database, Db } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { logsApp } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { pruneInsights } from '@/lib/insights';
import { pruneSpam } from '@/lib/messages';
import { logger } from '@/lib/log/logger';
import { SECURITY_LOG_TYPE, securityEventMessages } from '@/lib/log/security-event-rows';

/**
 * Keeps logs_app bounded: old rows are pruned by age or count (configurable):
 * rows older than LOGS_APP_MAX_AGE_DAYS go, and beyond the newest LOGS_APP_MAX_ROWS the rest
 * go. Security events (lib/log/security-events.ts) are counted apart, with limits of their own
 * (a year, 10,000 rows), so no flood of other rows, anonymous telemetry above all, can push
 * them out. Lock-outs, the one security event anonymous clients can cause (one per address
 * block and window, from any number of blocks), are counted apart again (a year, 10,000 rows
 * of their own): however many are written, the owner's two-factor, password and set-up-link
 * events stay. Each share walks the ts index (logs_app_ts_idx) and deletes in chunks, so a big table is
 * trimmed without one long lock. Exact even when a batched insert gives many rows one timestamp.
 */
export type RetentionRules = {
  maxAgeDays: number;
  maxRows: number;
  securityMaxAgeDays?: number;
  securityMaxRows?: number;
  lockOutMaxRows?: number;
};
export type PruneReport = { byAge: number; byCount: number };

export const SECURITY_RETENTION = { maxAgeDays: 365, maxRows: 10_000 } as const;
/** Lock-outs: as long as the other security events, as many rows again, counted apart. */
export const LOCK_OUT_RETENTION = { maxAgeDays: 365, maxRows: 10_000 } as const;

const CHUNK = 5_000;

function rulesFromEnv(): RetentionRules {
  const config = env();
  return { maxAgeDays: config.LOGS_APP_MAX_AGE_DAYS, maxRows: config.LOGS_APP_MAX_ROWS };
}

type Subquery = (sys: Db) => SQLWrapper;

/** Deletes the rows `ids` selects (at most `chunk` at a time) until none are left. */
async function deleteChunks(db: Database, ids: Subquery, chunk: number): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await asSystem(db, 'app-log', (sys) =>
      sys
        .delete(logsApp)
        .where(inArray(logsApp.id, ids(sys)))
        .returning({ id: logsApp.id }),
    );
    total += deleted.length;
    if (deleted.length < chunk) return total;
  }
}

/** One share of the table and its limits: security events, or everything else. */
async function prune(
  db: Database,
  share: SQL,
  maxAgeDays: number,
  maxRows: number,
  chunk: number,
): Promise<PruneReport> {
  const byAge = await deleteChunks(
    db,
    (sys) =>
      sys
        .select({ id: logsApp.id })
        .from(logsApp)
        .where(and(share, lt(logsApp.ts, sql`now() - make_interval(days => ${maxAgeDays})`)))
        .limit(chunk),
    chunk,
  );
  // Everything after the newest maxRows, in the ts index's order (ties broken by id).
  const byCount = await deleteChunks(
    db,
    (sys) =>
      sys
        .select({ id: logsApp.id })
        .from(logsApp)
        .where(share)
        .orderBy(desc(logsApp.ts), desc(logsApp.id))
        .offset(maxRows)
        .limit(chunk),
    chunk,
  );
  return { byAge, byCount };
}

export async function pruneAppLogs(
  db: Database,
  rules: RetentionRules = rulesFromEnv(),
  chunk = CHUNK,
): Promise<PruneReport> {
  const others = await prune(
    db,
    sql`${logsApp.type} is distinct from ${SECURITY_LOG_TYPE}`,
    rules.maxAgeDays,
    rules.maxRows,
    chunk,
  );
  const lockOut = eq(logsApp.message, securityEventMessages.lockOut);
  const security = await prune(
    db,
    and(eq(logsApp.type, SECURITY_LOG_TYPE), not(lockOut))!,
    rules.securityMaxAgeDays ?? SECURITY_RETENTION.maxAgeDays,
    rules.securityMaxRows ?? SECURITY_RETENTION.maxRows,
    chunk,
  );
  const lockOuts = await prune(
    db,
    and(eq(logsApp.type, SECURITY_LOG_TYPE), lockOut)!,
    rules.securityMaxAgeDays ?? LOCK_OUT_RETENTION.maxAgeDays,
    rules.lockOutMaxRows ?? LOCK_OUT_RETENTION.maxRows,
    chunk,
  );
  const shares = [others, security, lockOuts];
  return {
    byAge: shares.reduce((sum, share) => sum + share.byAge, 0),
    byCount: shares.reduce((sum, share) => sum + share.byCount, 0),
  };
}

/**
 * The retention job (a Node server's timer, Vercel Cron's log-retention): logs_app as above, the
 * Insights' daily totals older than two years (lib/insights/store.ts), and spam messages older
 * than 30 days (lib/messages/inbox.ts).
 */
export async function pruneRetained(
  db: Database,
  rules: RetentionRules = rulesFromEnv(),
): Promise<PruneReport & { insightRows: number; spamMessages: number }> {
  const logs = await pruneAppLogs(db, rules);
  const insightRows = await pruneInsights(db, new Date().toISOString().slice(0, 10));
  const spamMessages = await pruneSpam(db);
  return { ...logs, insightRows, spamMessages };
}

type Report = Awaited<ReturnType<typeof pruneRetained>>;
type Retention = { running: Promise<Report> | null; writtenSince: number; rules?: RetentionRules };
const key = Symbol.for('watercolour.log-retention');
const holder = globalThis as { [key]?: WeakMap<Database, Retention> };

function stateFor(db: Database): Retention {
  const states = (holder[key] ??= new WeakMap());
  let state = states.get(db);
  if (!state) {
    state = { running: null, writtenSince: 0 };
    states.set(db, state);
  }
  return state;
}

/**
 * The retention job (lib/cron/jobs.ts: a Node server's timer, or Vercel Cron's call), and the
 * pruning a writer of many rows asks for: one at a time per database (a second call while one
 * runs gets the same run), what it pruned logged. Rejects when the pruning failed.
 */
export function pruneRetainedOnce(db: Database): Promise<Report> {
  const state = stateFor(db);
  if (state.running) return state.running;
  state.writtenSince = 0;
  state.running = pruneRetained(db, state.rules ?? rulesFromEnv())
    .then((report) => {
      if (report.byAge + report.byCount > 0)
        logger.info({ feature: 'log-retention', ...report }, 'Pruned old application log rows');
      else if (report.insightRows > 0)
        logger.info({ feature: 'log-retention', ...report }, 'Pruned Insights older than two years');
      if (report.spamMessages > 0)
        logger.info({ feature: 'messages', spamMessages: report.spamMessages }, 'Pruned spam older than 30 days');
      return report;
    })
    .finally(() => {
      state.running = null;
    });
  return state.running;
}

/**
 * Writers that add many rows (the telemetry flusher) report them: after enough rows since the
 * last pruning, one runs now instead of waiting for the next tick, so a flood cannot outgrow
 * the limit by more than that. Resolves when that pruning is done (null when none started).
 */
export function noteAppLogRowsWritten(db: Database, count: number, rules?: RetentionRules): Promise<void> | null {
  const state = stateFor(db);
  if (rules) state.rules = rules;
  state.writtenSince += count;
  const threshold = Math.min(1_000, Math.max(100, Math.floor((state.rules ?? rulesFromEnv()).maxRows / 10)));
  if (state.writtenSince < threshold) return null;
  return pruneRetainedOnce(db).then(
    () => undefined,
    (error: unknown) => logger.warn({ err: error, feature: 'log-retention' }, 'Application log pruning could not run'),
  );
}
