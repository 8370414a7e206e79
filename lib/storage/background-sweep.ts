import type { Database } from '@/lib/db/client';
import { recordAppLog } from '@/lib/log/app-log';
import { logger } from '@/lib/log/logger';
import { storage as processStorage } from './index';
import { sweepOrphans, type SweepReport, type SweepStorage } from './sweep';
import { sweepSummary } from './sweep-report';

export type BackgroundSweepOptions = {
  /** The storage to sweep; the process's adapter by default (read when the sweep runs). */
  storage?: () => SweepStorage;
  /** How long after start to begin: start-up and the first requests come first. */
  delayMs?: number;
  graceMs?: number;
};

/**
 * Sweeps orphaned files once, a little after the server starts (instrumentation-node.ts). Never
 * throws and never keeps the process alive: a failure is logged and the server carries on. A
 * sweep that removed something or failed is also recorded for the admin's Application Logs.
 */
export function startBackgroundSweep(database: Database, options: BackgroundSweepOptions = {}): { stop(): void; finished: Promise<SweepReport | null> } {
  let resolve: (report: SweepReport | null) => void = () => {};
  const finished = new Promise<SweepReport | null>((r) => {
    resolve = r;
  });
  const timer = setTimeout(() => {
    run(database, options).then(resolve, () => resolve(null));
  }, options.delayMs ?? 30_000);
  timer.unref();
  return {
    stop() {
      clearTimeout(timer);
      resolve(null);
    },
    finished,
  };
}

/**
 * One sweep now, as the background sweep runs it (logged, and recorded for the admin when it
 * removed something or failed): Vercel Cron's route calls it (app/api/cron/[job]/route.ts).
 */
export function sweepNow(database: Database, options: BackgroundSweepOptions = {}): Promise<SweepReport | null> {
  return run(database, options);
}

async function run(database: Database, options: BackgroundSweepOptions): Promise<SweepReport | null> {
  let report: SweepReport;
  try {
    report = await sweepOrphans({ database, storage: (options.storage ?? processStorage)(), graceMs: options.graceMs, apply: true });
  } catch (error) {
    logger.warn({ err: error, feature: 'storage-sweep' }, 'Storage sweep could not run');
    return null;
  }
  const message = sweepSummary(report);
  if (report.removed === 0 && report.errors.length === 0) {
    logger.info({ feature: 'storage-sweep' }, message);
    return report;
  }
  await recordAppLog(database, {
    level: report.errors.length > 0 ? 'warn' : 'info',
    feature: 'storage-sweep',
    message,
    meta: {
      scanned: report.scanned,
      referenced: report.referenced,
      recent: report.recent,
      removed: report.removed,
      removedBytes: report.removedBytes,
      errors: report.errors.slice(0, 20),
      orphans: report.orphans.slice(0, 50).map((orphan) => orphan.ref),
    },
  });
  return report;
}
