import type { Database } from '@/lib/db/port';
import { recordAppLog } from '@/lib/log/app-log';
import { logger } from '@/lib/log/logger';
import { storage as processStorage } from './index';
import { sweepOrphans, type SweepReport, type SweepStorage } from './sweep';
import { sweepSummary } from './sweep-report';

export type BackgroundSweepOptions = {
  /** The storage to sweep; the process's adapter by default (read when the sweep runs). */
  storage?: () => SweepStorage;
  graceMs?: number;
};

/**
 * One sweep of orphaned files, the storage-sweep job (lib/cron/jobs.ts: a Node server runs it a
 * little after start and then daily; Vercel Cron calls it daily). A sweep that cannot run (storage
 * it cannot open, the database away) throws, and the job's runner logs it once (lib/cron). A
 * sweep that removed something, or failed on some files, is recorded for the admin's Application
 * Logs.
 */
export async function sweepNow(database: Database, options: BackgroundSweepOptions = {}): Promise<SweepReport> {
  const report = await sweepOrphans({
    database,
    storage: (options.storage ?? processStorage)(),
    graceMs: options.graceMs,
    apply: true,
  });
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
