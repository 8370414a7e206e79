import type { Database } from '@/lib/db/port';

/**
 * The scheduled-jobs port: what a periodic job is and what a scheduler gives it. The jobs are one
 * table (lib/cron/jobs.ts); two adapters run it: a Node server's timers (lib/cron/node-adapter.ts)
 * and Vercel Cron's calls (lib/cron/vercel-adapter.ts, through app/api/cron/[job]/route.ts),
 * chosen in lib/cron/index.ts.
 */

/**
 * What a job is given: the database, how to expire cache tags where it runs, and, where a run is
 * bounded (a Vercel function), how to ask to be run again at once because work remains (the
 * newsletter's sending); a Node server's timer comes round anyway and gives none.
 */
export type JobContext = {
  db: Database;
  expire: (tags: string[]) => void | Promise<void>;
  runAgain?: () => void;
};

export type Job = {
  /** How often a Node server runs it, and how long after start the first run comes. */
  node: { everyMs: number; firstAfterMs: number };
  run: (ctx: JobContext) => Promise<unknown>;
};
