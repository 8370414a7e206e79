import crypto from 'node:crypto';
import { revalidateTag } from 'next/cache';
import { database } from '@/lib/db';
import type { Database } from '@/lib/db/client';
import { env } from '@/lib/env';
import { pruneRetainedOnce } from '@/lib/log/retention';
import { deliverSoon } from '@/lib/messages/mail';
import { sweepNow } from '@/lib/storage/background-sweep';
import { runStoriesDue } from '@/lib/stories/due';

/** What a job is given: the database, and how to expire cache tags where it runs. */
export type JobContext = { db: Database; expire: (tags: string[]) => void | Promise<void> };

type Job = {
  /** How often a Node server runs it, and how long after start the first run comes. */
  node: { everyMs: number; firstAfterMs: number };
  run: (ctx: JobContext) => Promise<unknown>;
};

const MINUTE = 60_000;

/**
 * The periodic work, one table for both runtimes. A Node server runs each job on its own timer
 * (lib/cron/node-schedule.ts, started by instrumentation-node.ts); a serverless function must not
 * start timers, so on Vercel Vercel Cron calls the same jobs (vercel.json, once a day each: the
 * most Vercel's Hobby plan allows) through app/api/cron/[job]/route.ts.
 */
export const cronJobs = {
  /** logs_app within LOGS_APP_MAX_AGE_DAYS / LOGS_APP_MAX_ROWS, Insights within two years, spam within 30 days (lib/log/retention.ts). */
  'log-retention': { node: { everyMs: 5 * MINUTE, firstAfterMs: 20_000 }, run: ({ db }) => pruneRetainedOnce(db) },
  /** Files no row refers to, older than the grace period (lib/storage/sweep.ts). */
  'storage-sweep': {
    node: { everyMs: 24 * 60 * MINUTE, firstAfterMs: 30_000 },
    run: async ({ db }) => {
      const report = await sweepNow(db);
      if (!report) throw new Error('the storage sweep could not run (see the server log)');
      return { scanned: report.scanned, referenced: report.referenced, removed: report.removed, errors: report.errors.length };
    },
  },
  /** The owner's emails about visitors' messages still due: retries, or sends cut short (lib/messages/mail.ts). */
  'mail-outbox': { node: { everyMs: MINUTE, firstAfterMs: 0 }, run: ({ db }) => deliverSoon(db) },
  /**
   * Scheduled stories whose time has come: on the blog, the sitemap and the feed, and sent to
   * IndexNow (lib/stories/due.ts). On a Node server within 15 s of their time.
   */
  'stories-due': {
    node: { everyMs: 15_000, firstAfterMs: 0 },
    run: ({ db, expire }) => {
      const config = env();
      return runStoriesDue(db, expire, { key: config.INDEXNOW_KEY, endpoint: config.INDEXNOW_ENDPOINT, siteUrl: config.SITE_URL });
    },
  },
} as const satisfies Record<string, Job>;

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
  const expire = (tags: string[]) => tags.forEach((tag) => revalidateTag(tag, { expire: 0 }));
  const result = await cronJobs[name].run({ db: await database(), expire });
  return { status: 200, body: { ok: true, job: name, result } };
}
