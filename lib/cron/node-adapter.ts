import type { Database } from '@/lib/db/port';
import { logger } from '@/lib/log/logger';
import { cronJobs } from './jobs';
import type { Job, JobContext } from './port';

const STARTED = Symbol.for('watercolour.cron.node-schedule');
const started = ((globalThis as { [STARTED]?: WeakSet<Database> })[STARTED] ??= new WeakSet());

type Schedule = Record<string, Job>;

/**
 * The Node server's adapter of the scheduled jobs (lib/cron/port.ts): each job of the table (./jobs.ts) first runs `firstAfterMs` after
 * start, then every `everyMs`; a job still running when its next turn comes skips that turn. A
 * failure is logged and the job runs again at its next turn. `expire` is how a job's cache tags
 * expire outside a request (lib/cron/index.ts hands it in). Timers never keep the process alive.
 * A database gets one schedule however often start-up runs.
 */
export function startNodeTimers(
  db: Database,
  { jobs = cronJobs as Schedule, expire }: { jobs?: Schedule; expire: JobContext['expire'] },
): { stop(): void } {
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;
  if (started.has(db)) return { stop() {} };
  started.add(db);
  const keep = (timer: NodeJS.Timeout) => {
    timer.unref();
    timers.push(timer);
  };
  for (const [name, job] of Object.entries(jobs)) {
    let running = false;
    const turn = async () => {
      if (running || stopped) return;
      running = true;
      try {
        await job.run({ db, expire });
      } catch (error) {
        logger.error({ err: error, feature: 'cron', job: name }, `scheduled job ${name} failed`);
      } finally {
        running = false;
      }
    };
    keep(
      setTimeout(() => {
        void turn();
        if (!stopped) keep(setInterval(() => void turn(), job.node.everyMs));
      }, job.node.firstAfterMs),
    );
  }
  return {
    stop() {
      stopped = true;
      started.delete(db);
      timers.forEach((timer) => clearTimeout(timer));
    },
  };
}
