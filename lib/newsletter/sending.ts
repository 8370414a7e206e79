import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { invalidateJobTagsOutsideRequest } from '@/lib/cache/invalidate';
import { cacheTags } from '@/lib/cache/tags';
import type { Database } from '@/lib/db/port';
import { rowsOf } from '@/lib/db/rows';
import { asSystem } from '@/lib/db/roles';
import { artworks, newsletterDeliveries, newsletterLetters, subscribers } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { recordAppLog } from '@/lib/log/app-log';
import { mailSettings, type MailSettings } from '@/lib/mail';
import { singleFlight, inFlight } from '@/lib/mail/single-flight';
import { deliverOutboxBatch, MAX_ATTEMPTS, ownerAddresses, NO_OWNER, type Letters } from '@/lib/mail/outbox';
import { site } from '@/lib/site';
import { readDiscountSettings } from './discount-settings';
import {
  letterTooBig,
  renderLetterEmail,
  type EmailImage,
  type LetterEmailContext,
  type LetterForEmail,
} from './letter-email';

/**
 * Sending a letter (docs/operations.md, Newsletter email): startSending queues one delivery and
 * one outbox row per confirmed subscriber in one set-based statement; the sender (deliverLetters)
 * hands them to the mail server at NEWSLETTER_RATE a second, each marked sent as soon as the
 * server has taken it, and marks the letter sent once every delivery is sent or given up on.
 *
 * Resuming: a row is claimed for LETTER_CLAIM_MS, and held anew before its email is handed over
 * once half that is gone (lib/mail/outbox.ts), so no two senders hand over one row; a sender killed mid-run leaves its rows claimed, and they are due again
 * once the claim runs out: nothing marked sent is sent again. The one window left: a sender killed
 * after the mail server accepted an email and before its row was marked sent (a few
 * milliseconds) sends that one email again when the row is claimed anew, with the same
 * Message-ID, which lets the receiving server tell.
 */

/** A sender that vanished gives its newsletter rows back after this long (short: a redeploy resumes quickly). */
export const LETTER_CLAIM_MS = 30_000;
/** Rows claimed at once: few, so a crash leaves little claimed and memory stays flat. */
const BATCH = 10;

export type StartResult = { ok: true; recipients: number } | { ok: false; message: string };

/** A time as a raw query's parameter: the same text for either driver. */
const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

const notStartable: Record<string, string> = {
  sending: 'This letter is already being sent.',
  sent: 'This letter has already been sent.',
};

/** The painting cards' better images: each card's thumbnail src mapped to its 800-wide variant. */
export async function readLetterImages(db: Database, content: string): Promise<Map<string, EmailImage>> {
  const ids = [...content.matchAll(/data-artwork-id="([0-9a-f-]{36})"/gi)].map((match) => match[1]!);
  if (ids.length === 0) return new Map();
  const rows = await asSystem(db, 'newsletter', (sys) =>
    sys
      .select({
        thumb400: artworks.imageThumb400Url,
        display: artworks.imageUrl,
        thumb800: artworks.imageThumb800Url,
        width: artworks.imageWidth,
        height: artworks.imageHeight,
      })
      .from(artworks)
      .where(inArray(artworks.id, [...new Set(ids)])),
  );
  const images = new Map<string, EmailImage>();
  for (const row of rows) {
    if (!row.thumb800) continue;
    const image = {
      src: row.thumb800,
      width: row.width ? Math.min(row.width, 800) : null,
      height: null as number | null,
    };
    if (row.width && row.height) image.height = Math.round((row.height * image.width!) / row.width);
    // The card holds the 400 thumbnail, or the display image when there was none.
    for (const src of [row.thumb400, row.display]) if (src) images.set(src, image);
  }
  return images;
}

/** What a letter's email is written with, from the settings and the database. */
export async function letterEmailContext(
  db: Database,
  letter: Pick<LetterForEmail, 'content'>,
  settings: Pick<MailSettings, 'siteUrl' | 'from'>,
): Promise<LetterEmailContext> {
  const [discount, images] = await Promise.all([readDiscountSettings(db), readLetterImages(db, letter.content)]);
  return { siteUrl: settings.siteUrl, from: settings.from, siteName: site.siteName, discount, images };
}

async function readLetter(db: Database, letterId: string) {
  const [row] = await asSystem(db, 'newsletter', (sys) =>
    sys.select().from(newsletterLetters).where(eq(newsletterLetters.id, letterId)).limit(1),
  );
  return row ?? null;
}

/**
 * Starts sending a draft or scheduled letter: in one transaction it becomes 'sending' and one
 * delivery and one outbox email per confirmed subscriber are queued, set-based (one statement
 * for 10,000 as for 10). The unique (letter, address) keeps an address from being queued twice.
 * Refused, changing nothing, for a letter in any other state, with no one to send to, or one too
 * big for Gmail.
 */
export async function startSending(db: Database, letterId: string, now = new Date()): Promise<StartResult> {
  const letter = await readLetter(db, letterId);
  if (!letter) return { ok: false, message: 'That letter no longer exists.' };
  if (letter.status !== 'draft' && letter.status !== 'scheduled')
    return { ok: false, message: notStartable[letter.status] ?? 'This letter cannot be sent now.' };
  if (!letter.content.trim()) return { ok: false, message: 'This letter is empty: write something before sending it.' };
  const config = env();
  const tooBig = letterTooBig(
    letter,
    await letterEmailContext(db, letter, { siteUrl: config.SITE_URL, from: config.MAIL_FROM ?? '' }),
  );
  if (tooBig) return { ok: false, message: tooBig };
  return asSystem(db, 'newsletter', (sys) =>
    sys.transaction(async (tx): Promise<StartResult> => {
      const [locked] = await tx
        .select({ status: newsletterLetters.status })
        .from(newsletterLetters)
        .where(eq(newsletterLetters.id, letterId))
        .for('update');
      if (!locked) return { ok: false, message: 'That letter no longer exists.' };
      // Again under the row's lock: two starts at once queue once.
      if (locked.status !== 'draft' && locked.status !== 'scheduled')
        return { ok: false, message: notStartable[locked.status] ?? 'This letter cannot be sent now.' };
      const queued = await tx.execute(sql`
        with delivery as (
          insert into app_private.newsletter_deliveries (letter_id, email, created_at)
          select ${letterId}::uuid, email, ${at(now)} from app_private.subscribers where status = 'confirmed'
          on conflict (letter_id, email) do nothing
          returning id
        ), queued as (
          insert into app_private.mail_outbox (kind, message_id, created_at, next_attempt_at)
          select 'newsletter-letter', id, ${at(now)}, ${at(now)} from delivery
          on conflict do nothing
          returning 1
        )
        select count(*)::int as queued from queued`);
      const recipients = Number(rowsOf<{ queued: number }>(queued)[0]?.queued ?? 0);
      if (recipients === 0) {
        // Nothing was queued, so nothing needs undoing: the letter stays as it was.
        return { ok: false, message: 'There is no one to send it to yet: no subscriber has confirmed.' };
      }
      await tx
        .update(newsletterLetters)
        .set({ status: 'sending', startedAt: now, recipients, updatedAt: now })
        .where(eq(newsletterLetters.id, letterId));
      return { ok: true, recipients };
    }),
  );
}

/** Scheduled letters whose time has come: each starts sending (a refused one is logged and left as it is). */
export async function startDueLetters(db: Database, now = new Date()): Promise<{ started: string[] }> {
  const due = await asSystem(db, 'newsletter', (sys) =>
    sys
      .select({ id: newsletterLetters.id, slug: newsletterLetters.slug })
      .from(newsletterLetters)
      .where(and(eq(newsletterLetters.status, 'scheduled'), lte(newsletterLetters.sendAt, now))),
  );
  const started: string[] = [];
  for (const letter of due) {
    const result = await startSending(db, letter.id, now);
    if (result.ok) started.push(letter.slug);
    else
      await recordAppLog(db, {
        level: 'error',
        feature: 'newsletter',
        message: `The scheduled letter “${letter.slug}” could not be sent: ${result.message}`,
        correlationId: null,
        meta: { letterId: letter.id },
      });
  }
  return { started };
}

type CachedLetter = { at: number; version: number; letter: LetterForEmail; ctx: LetterEmailContext };
/** Each letter read once a minute, not once per recipient (its 200 KB body 10,000 times over). */
const letterCache = new Map<string, CachedLetter>();
const LETTER_CACHE_MS = 60_000;

async function cachedLetter(db: Database, letterId: string, version: number, settings: MailSettings) {
  const hit = letterCache.get(letterId);
  if (hit && hit.version === version && Date.now() - hit.at < LETTER_CACHE_MS) return hit;
  const row = await readLetter(db, letterId);
  if (!row) return null;
  const entry = { at: Date.now(), version: row.version, letter: row, ctx: await letterEmailContext(db, row, settings) };
  letterCache.set(letterId, entry);
  // A handful of letters at most are ever being sent at once.
  if (letterCache.size > 8) letterCache.delete(letterCache.keys().next().value!);
  return entry;
}

/** The outbox's letter for a newsletter delivery: to one subscriber, nothing once they are no longer confirmed. */
export const newsletterMail = {
  'newsletter-letter': {
    feature: 'newsletter',
    what: 'A newsletter letter to a subscriber',
    async write(deliveryId, { db, settings }) {
      const [row] = await asSystem(db, 'newsletter', (sys) =>
        sys
          .select({
            letterId: newsletterDeliveries.letterId,
            version: newsletterLetters.version,
            email: subscribers.email,
            name: subscribers.name,
            status: subscribers.status,
            unsubscribeToken: subscribers.unsubscribeToken,
            discountCode: subscribers.discountCode,
          })
          .from(newsletterDeliveries)
          .innerJoin(newsletterLetters, eq(newsletterLetters.id, newsletterDeliveries.letterId))
          .innerJoin(subscribers, eq(subscribers.email, newsletterDeliveries.email))
          .where(eq(newsletterDeliveries.id, deliveryId))
          .limit(1),
      );
      if (!row || row.status !== 'confirmed') return null;
      const cached = await cachedLetter(db, row.letterId, row.version, settings);
      if (!cached) return null;
      return renderLetterEmail(cached.letter, row, cached.ctx);
    },
  },
} satisfies Letters;

export type LetterRun = { sent: number; failed: number; finished: string[]; more: boolean };

/**
 * Emails on a grid of 1/rate seconds: a timer that fires late does not push every later email
 * back (which would send slower than the rate), and after a stall (a slow email) the grid starts
 * again from now rather than sending a burst to catch up.
 */
function pacer(rate: number) {
  const gap = 1000 / rate;
  let next = 0;
  return async () => {
    const now = Date.now();
    if (next < now - gap) next = now;
    if (next > now) await new Promise((resolve) => setTimeout(resolve, next - now));
    next += gap;
  };
}

/**
 * Letters whose every delivery is sent or given up on (MAX_ATTEMPTS failures) become 'sent';
 * their slugs are returned, for the public newsletter pages' cache.
 */
export async function finishLetters(db: Database, now = new Date()): Promise<string[]> {
  const result = await asSystem(db, 'newsletter', (sys) =>
    sys.execute(sql`
      update app_private.newsletter_letters l set status = 'sent', sent_at = ${at(now)}, updated_at = ${at(now)}
      where l.status = 'sending' and not exists (
        select 1 from app_private.newsletter_deliveries d
        join app_private.mail_outbox o on o.kind = 'newsletter-letter' and o.message_id = d.id
        where d.letter_id = l.id and o.sent_at is null
          and (o.attempts < ${MAX_ATTEMPTS} or o.claimed_until >= ${at(now)}))
      returning l.slug`),
  );
  return rowsOf<{ slug: string }>(result).map((row) => row.slug);
}

export type DeliverLettersOptions = {
  settings?: MailSettings | null;
  /** Emails a second (NEWSLETTER_RATE). */
  rate?: number;
  now?: () => Date;
  /** How long this run may hand emails over for; it stops sooner when nothing is due. */
  budgetMs?: number;
  /** How the newsletter pages' cache tag expires where this runs (lib/cron/port.ts, JobContext). */
  expire?: (tags: string[]) => void | Promise<void>;
};

/**
 * The newsletter's sender: claims due letters a few at a time and hands them over at `rate` a
 * second, until `budgetMs` is spent or nothing is due; then marks finished letters sent. Never
 * holds more than one batch: memory stays flat however many subscribers there are. After a
 * failure the run stops (the failed row waits for its retry; the rest for the next run).
 */
export async function deliverLetters(
  db: Database,
  {
    settings = mailSettings(),
    rate = env().NEWSLETTER_RATE,
    now = () => new Date(),
    budgetMs = Infinity,
    expire,
  }: DeliverLettersOptions = {},
): Promise<LetterRun> {
  const run: LetterRun = { sent: 0, failed: 0, finished: [], more: false };
  if (!settings) return run;
  const until = Date.now() + budgetMs;
  const pace = pacer(rate);
  const bulk = { ...settings, mailer: settings.bulkMailer ?? settings.mailer };
  for (;;) {
    if (Date.now() >= until) {
      // The budget ran out between batches: what is still due waits for the next run.
      run.more = true;
      break;
    }
    const batch = await deliverOutboxBatch(db, newsletterMail, {
      settings: bulk,
      now,
      limit: BATCH,
      claimMs: LETTER_CLAIM_MS,
      pace,
      until,
      stopAfterFailure: true,
    });
    run.sent += batch.sent;
    run.failed += batch.failed;
    if (batch.claimed === 0 || batch.failed > 0) break;
    if (batch.released > 0) {
      run.more = true;
      break;
    }
  }
  run.finished = await finishLetters(db, now());
  if (run.finished.length > 0) await expire?.([cacheTags.newsletter]);
  return run;
}

/** After a run the mail server cut short with a refusal, the sender waits this long: one try and one log line a minute while it refuses. */
const QUIET_AFTER_FAILURE_MS = 60_000;
const SENDER = 'watercolour.newsletter.sender';
const quietKey = Symbol.for('watercolour.newsletter.sender.quiet-until');
/** Until when each database's sender rests after a refusal (on globalThis, shared by every bundle's copy). */
const quietUntil = ((globalThis as { [quietKey]?: WeakMap<Database, number> })[quietKey] ??= new WeakMap());

/**
 * Runs the sender unless it is already running in this process (the admin's "Send now" after
 * answering, the newsletter job's turns): one drain at a time, however often it is asked, until
 * nothing is due. Failures are logged, never thrown; after a refusal it rests for a minute.
 * Without `expire`, the newsletter pages' tag
 * expires as a timer's would, outside a request (lib/cache/invalidate.ts).
 */
export function deliverLettersSoon(db: Database, options: DeliverLettersOptions = {}): Promise<LetterRun | null> {
  if (env().VERCEL) return callNewsletterJob().then(() => null);
  if (!inFlight(SENDER, db) && Date.now() < (quietUntil.get(db) ?? 0)) return Promise.resolve(null);
  return singleFlight(SENDER, db, () =>
    deliverLetters(db, { ...options, expire: options.expire ?? invalidateJobTagsOutsideRequest })
      .then((run) => {
        if (run.failed > 0) quietUntil.set(db, Date.now() + QUIET_AFTER_FAILURE_MS);
        return run;
      })
      .catch(async (error: unknown) => {
        await recordAppLog(db, {
          level: 'error',
          feature: 'newsletter',
          message: 'Sending the newsletter failed; it will carry on at the next run',
          correlationId: null,
          meta: { error: String(error) },
        });
        return null;
      }),
  );
}

/**
 * On Vercel a function's time is bounded and an action's after() is no place for a long send:
 * "Send now" calls the newsletter job's route (app/api/cron/[job]/route.ts) with CRON_SECRET, and
 * that run sends for a few minutes, then calls itself again while emails are due. Without
 * CRON_SECRET nothing can call it: Vercel Cron's daily call sends them.
 */
async function callNewsletterJob(): Promise<void> {
  const { SITE_URL, CRON_SECRET } = env();
  if (!CRON_SECRET) return;
  await fetch(new URL('/api/cron/newsletter', SITE_URL), {
    headers: { authorization: `Bearer ${CRON_SECRET}` },
    // Only until the call is on its way: the job answers when its run is over.
    signal: AbortSignal.timeout(5_000),
  }).catch(() => undefined);
}

/** How long one Vercel call sends for: inside the 300 s a function may run (Vercel's default with fluid compute), with room to finish and answer. */
export const VERCEL_BUDGET_MS = 240_000;

/**
 * The newsletter job (lib/cron/jobs.ts): scheduled letters whose time has come start sending,
 * then the sender runs. On a Node server the sender drains in the background (single-flight), so
 * the job's next turn can start the next scheduled letter meanwhile; on Vercel it sends for
 * VERCEL_BUDGET_MS and asks to be run again while emails remain due.
 */
export async function runNewsletterJob(
  db: Database,
  {
    expire,
    runAgain,
    vercel,
    sender = {},
  }: {
    expire: (tags: string[]) => void | Promise<void>;
    runAgain?: () => void;
    vercel: boolean;
    /** The sender's settings, rate and budget, where not the environment's (tests). */
    sender?: DeliverLettersOptions;
  },
): Promise<{ started: string[] } & Partial<LetterRun>> {
  const { started } = await startDueLetters(db);
  if (!vercel) {
    void deliverLettersSoon(db, { ...sender, expire });
    return { started };
  }
  const run = await deliverLetters(db, { budgetMs: VERCEL_BUDGET_MS, ...sender, expire });
  if (run.more) runAgain?.();
  return { started, ...run };
}

/**
 * A letter as a test email to the owner's addresses (NOTIFY_EMAIL or every admin's), sent at
 * once, not through the outbox: a sample code, an unsubscribe link that goes nowhere, and the
 * subject marked [Test].
 */
export async function sendTestLetter(
  db: Database,
  letterId: string,
  settings: MailSettings | null = mailSettings(),
): Promise<{ ok: true; to: string[] } | { ok: false; message: string }> {
  if (!settings) return { ok: false, message: 'Email is not set up: set SMTP_URL and MAIL_FROM.' };
  const letter = await readLetter(db, letterId);
  if (!letter) return { ok: false, message: 'That letter no longer exists.' };
  const to = await ownerAddresses(db, settings.notifyEmail);
  if (to.length === 0) return { ok: false, message: `There is ${NO_OWNER}.` };
  const ctx = await letterEmailContext(db, letter, settings);
  const tooBig = letterTooBig(letter, ctx);
  if (tooBig) return { ok: false, message: tooBig };
  const mail = renderLetterEmail(letter, null, ctx);
  try {
    await settings.mailer.send({ ...mail, to, subject: `[Test] ${mail.subject}` });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `The test email could not be sent: ${reason.slice(0, 200)}` };
  }
  return { ok: true, to };
}

export type LetterProgress = { total: number; sent: number; waiting: number; failed: number };

/** How far a letter has gone: sent, waiting (queued or retrying) and failed (given up after MAX_ATTEMPTS). One grouped query. */
export async function letterProgress(db: Database, letterId: string, now = new Date()): Promise<LetterProgress> {
  const result = await asSystem(db, 'newsletter', (sys) =>
    sys.execute(sql`
      select count(*)::int as total,
        count(*) filter (where o.sent_at is not null)::int as sent,
        count(*) filter (where o.sent_at is null and o.attempts >= ${MAX_ATTEMPTS}
          and (o.claimed_until is null or o.claimed_until < ${at(now)}))::int as failed
      from app_private.newsletter_deliveries d
      left join app_private.mail_outbox o on o.kind = 'newsletter-letter' and o.message_id = d.id
      where d.letter_id = ${letterId}::uuid`),
  );
  const [row] = rowsOf<{ total: number; sent: number; failed: number }>(result);
  const total = Number(row?.total ?? 0);
  const sent = Number(row?.sent ?? 0);
  const failed = Number(row?.failed ?? 0);
  return { total, sent, failed, waiting: total - sent - failed };
}
