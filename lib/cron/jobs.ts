import { env } from '@/lib/env';
import { pruneRetainedOnce } from '@/lib/retention/retention';
import { deliverSoon } from '@/lib/mail/outbox';
import { messageLetters } from '@/lib/messages/mail';
import { subscriberMail } from '@/lib/newsletter';
import { runNewsletterJob } from '@/lib/newsletter/sending';
import { orderLetters } from '@/lib/shop/order-letters';
import { sweepNow } from '@/lib/storage/background-sweep';
import { runStoriesDue } from '@/lib/stories/due';
import type { Job } from './port';

const MINUTE = 60_000;

/**
 * The site's emails the outbox job sends as they come. Not the newsletter's letters
 * (newsletter-letter): thousands at once, they go out paced by the newsletter job below.
 */
const siteLetters = { ...messageLetters, ...orderLetters, ...subscriberMail };

/**
 * The periodic work, one table for both runtimes. A Node server runs each job on its own timer
 * (lib/cron/node-adapter.ts, started by lib/startup/server.ts); a serverless function must not
 * start timers, so on Vercel Vercel Cron calls the same jobs (vercel.json, once a day each: the
 * most Vercel's Hobby plan allows) through app/api/cron/[job]/route.ts (lib/cron/vercel-adapter.ts).
 */
export const cronJobs = {
  /** logs_app within LOGS_APP_MAX_AGE_DAYS / LOGS_APP_MAX_ROWS, Insights within two years, spam within 30 days (lib/retention/retention.ts). */
  'log-retention': { node: { everyMs: 5 * MINUTE, firstAfterMs: 20_000 }, run: ({ db }) => pruneRetainedOnce(db) },
  /** Files no row refers to, older than the grace period (lib/storage/sweep.ts). */
  'storage-sweep': {
    node: { everyMs: 24 * 60 * MINUTE, firstAfterMs: 30_000 },
    run: async ({ db }) => {
      const report = await sweepNow(db);
      return {
        scanned: report.scanned,
        referenced: report.referenced,
        removed: report.removed,
        errors: report.errors.length,
      };
    },
  },
  /** The site's emails still due (visitors' messages, orders paid and shipped): retries, or sends cut short (lib/mail/outbox.ts). */
  'mail-outbox': { node: { everyMs: MINUTE, firstAfterMs: 0 }, run: ({ db }) => deliverSoon(db, siteLetters) },
  /**
   * Scheduled stories whose time has come: on the blog, the sitemap and the feed, and sent to
   * IndexNow (lib/stories/due.ts). On a Node server within 15 s of their time.
   */
  'stories-due': {
    node: { everyMs: 15_000, firstAfterMs: 0 },
    run: ({ db, expire }) => runStoriesDue(db, expire),
  },
  /**
   * Newsletter letters: scheduled ones whose time has come start sending, and the sender hands
   * their emails over at NEWSLETTER_RATE a second (lib/newsletter/sending.ts). On a Node server
   * every 10 s, the sender draining in the background (one at a time); on Vercel each call sends
   * for a bounded time and asks to be called again while emails are due (runAgain).
   */
  newsletter: {
    node: { everyMs: 10_000, firstAfterMs: 5_000 },
    run: ({ db, expire, runAgain }) => runNewsletterJob(db, { expire, runAgain, vercel: Boolean(env().VERCEL) }),
  },
  /**
   * The shop's pending checkouts, asked about at the payment provider when their webhook has not
   * settled them (lib/shop/catch-up.ts); nothing while payments are not configured.
   */
  'shop-checkouts': {
    node: { everyMs: MINUTE, firstAfterMs: MINUTE },
    run: async ({ db, expire }) => {
      // Stripe's library is loaded only where payments are configured.
      if (!env().STRIPE_SECRET_KEY) return { skipped: 'payments are not configured' };
      const { payments } = await import('@/lib/payments');
      const provider = payments();
      if (!provider) return { skipped: 'payments are not configured' };
      const { catchUpCheckouts } = await import('@/lib/shop/catch-up');
      const caught = await catchUpCheckouts(db, provider);
      if (caught.tags.length > 0) await expire(caught.tags);
      // Orders it settled have their emails queued: send them now rather than at the next mail-outbox run.
      if (caught.mail) await deliverSoon(db, orderLetters);
      return {
        paid: caught.paid.length,
        released: caught.released.length,
        refunded: caught.refunded.length,
        pruned: caught.pruned,
        failed: caught.failed,
      };
    },
  },
} as const satisfies Record<string, Job>;

export type CronJob = keyof typeof cronJobs;

export const isCronJob = (name: string): name is CronJob => Object.hasOwn(cronJobs, name);
