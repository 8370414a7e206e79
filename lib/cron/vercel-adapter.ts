import crypto from 'node:crypto';
import type { Database } from '@/lib/db/port';
import { cronJobs, isCronJob } from './jobs';
import type { JobContext } from './port';

/**
 * Vercel Cron's adapter of the scheduled jobs (lib/cron/port.ts): Vercel calls each job's route
 * (vercel.json, app/api/cron/[job]/route.ts) with `Authorization: Bearer <CRON_SECRET>`, and the
 * route runs the job of the table (lib/cron/jobs.ts) once.
 */
/** Whether the request carries `Authorization: Bearer <CRON_SECRET>` (compared in constant time). */
export function cronAuthorized(authorization: string | null, secret: string): boolean {
  const expected = Buffer.from(`Bearer ${secret}`);
  const given = Buffer.from(authorization ?? '');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** `again`: the job asked to run again at once (runAgain): the route calls itself once it has answered. */
export type CronAnswer = { status: number; body: Record<string, unknown>; again?: boolean };

/**
 * What the adapter is given (lib/cron/index.ts): CRON_SECRET (unset: the jobs are not
 * configured), the database, opened only for an authorized call, and how a job's tags expire.
 */
export type CronCallSettings = {
  secret: string | undefined;
  database: () => Promise<Database>;
  expire: JobContext['expire'];
};

/** What a call to a job's route answers: 404 unknown job, 503 unconfigured, 401 wrong secret, else the job's outcome. */
export async function answerCronCall(
  name: string,
  authorization: string | null,
  { secret, database, expire }: CronCallSettings,
): Promise<CronAnswer> {
  if (!isCronJob(name)) return { status: 404, body: { error: 'No such job' } };
  if (!secret) return { status: 503, body: { error: 'Scheduled jobs are not configured: set CRON_SECRET' } };
  if (!cronAuthorized(authorization, secret)) return { status: 401, body: { error: 'Unauthorized' } };
  let again = false;
  const runAgain = () => {
    again = true;
  };
  const result = await cronJobs[name].run({ db: await database(), expire, runAgain });
  return { status: 200, body: { ok: true, job: name, result }, ...(again ? { again } : {}) };
}

/**
 * Calls a job's route again with the same secret, for a job that asked to (runAgain): Vercel Cron
 * calls each job once a day at most on the Hobby plan, and one call runs for minutes at most. Waits
 * only for the call to be on its way: the next run answers when it is done, in a function of its
 * own, and this one ends.
 */
export async function callJobAgain(url: string, authorization: string, waitMs = 5_000): Promise<void> {
  await fetch(url, { headers: { authorization }, signal: AbortSignal.timeout(waitMs) }).catch(() => undefined);
}
