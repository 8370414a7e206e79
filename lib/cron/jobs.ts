import crypto from 'node:crypto';
import { revalidateTag } from 'next/cache';
import { database } from '@/lib/db';
import { env } from '@/lib/env';
import { pruneRetained } from '@/lib/log/retention';
import { deliverOutbox } from '@/lib/messages/mail';
import { sweepNow } from '@/lib/storage/background-sweep';
import { runStoriesDue } from '@/lib/stories/due';

/**
 * The periodic work, as scheduled jobs. A Node server runs it from timers it starts once
 * (instrumentation-node.ts); a serverless function must not start timers, so on Vercel the same
 * work is called by Vercel Cron (vercel.json) through app/api/cron/[job]/route.ts.
 */
export const cronJobs = {
  /** logs_app within LOGS_APP_MAX_AGE_DAYS / LOGS_APP_MAX_ROWS, Insights within two years (lib/log/retention.ts). */
  'log-retention': async () => pruneRetained(await database()),
  /** Files no row refers to, older than the grace period (lib/storage/sweep.ts). */
  'storage-sweep': async () => {
    const report = await sweepNow(await database());
    if (!report) throw new Error('the storage sweep could not run (see the server log)');
    return { scanned: report.scanned, referenced: report.referenced, removed: report.removed, errors: report.errors.length };
  },
  /** The owner's emails about visitors' messages still due: retries, or sends cut short (lib/messages/mail.ts). */
  'mail-outbox': async () => deliverOutbox(await database()),
  /** Scheduled stories whose time has come: on the blog, the sitemap and the feed, and sent to IndexNow (lib/stories/due.ts). */
  'stories-due': async () => {
    const config = env();
    const expire = (tags: string[]) => tags.forEach((tag) => revalidateTag(tag, { expire: 0 }));
    return runStoriesDue(await database(), expire, { key: config.INDEXNOW_KEY, endpoint: config.INDEXNOW_ENDPOINT, siteUrl: config.SITE_URL });
  },
} as const;

export type CronJob = keyof typeof cronJobs;

export const isCronJob = (name: string): name is CronJob => Object.hasOwn(cronJobs, name);

/** Whether the request carries `Authorization: Bearer <CRON_SECRET>` (compared in constant time). */
export function cronAuthorized(authorization: string | null, secret: string): boolean {
  const expected = Buffer.from(`Bearer ${secret}`);
  const given = Buffer.from(authorization ?? '');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export type CronAnswer = { status: number; body: Record<string, unknown> };

/** What a call to a job's route answers: 404 unknown job, 503 unconfigured, 401 wrong secret, else the job's outcome. */
export async function runCronJob(name: string, authorization: string | null): Promise<CronAnswer> {
  if (!isCronJob(name)) return { status: 404, body: { error: 'No such job' } };
  const secret = env().CRON_SECRET;
  if (!secret) return { status: 503, body: { error: 'Scheduled jobs are not configured: set CRON_SECRET' } };
  if (!cronAuthorized(authorization, secret)) return { status: 401, body: { error: 'Unauthorized' } };
  const result = await cronJobs[name]();
  return { status: 200, body: { ok: true, job: name, result } };
}
