import { invalidateJobTags, invalidateJobTagsOutsideRequest } from '@/lib/cache/invalidate';
import { database } from '@/lib/database';
import type { Database } from '@/lib/db/port';
import { env } from '@/lib/env';
import { startNodeTimers } from './node-adapter';
import { answerCronCall, callJobAgain, type CronAnswer } from './vercel-adapter';

export { callJobAgain };

/**
 * Where the scheduled jobs (lib/cron/jobs.ts) run, chosen from the environment: on Vercel a
 * function must not keep timers, so Vercel Cron calls them (lib/cron/vercel-adapter.ts) and a
 * server starts nothing; a Node server runs each on a timer of its own (lib/cron/node-adapter.ts).
 */
export function startScheduledJobs(db: Database): { stop(): void } {
  if (env().VERCEL) return { stop() {} };
  return startNodeTimers(db, { expire: invalidateJobTagsOutsideRequest });
}

/** What a call from Vercel Cron answers (app/api/cron/[job]/route.ts), checked against CRON_SECRET. */
export function runCronJob(name: string, authorization: string | null): Promise<CronAnswer> {
  return answerCronCall(name, authorization, { secret: env().CRON_SECRET, database, expire: invalidateJobTags });
}
