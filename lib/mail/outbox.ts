import { and, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { authUsers, mailOutbox, profiles, type mailKinds } from '@/lib/db/schema';
import { recordAppLog } from '@/lib/log/app-log';
import { mailSettings, type MailSettings } from './index';
import type { MailAddress, OutgoingMail } from './port';
import { singleFlight } from './single-flight';

/**
 * The one outbox of the site's emails (app_private.mail_outbox): each row is one email, by its
 * kind and the id of what it is about. Queued in the transaction that makes it due, so it is
 * queued if and only if that change is kept; sent once the request has its answer, and by a
 * timer or Vercel Cron's job for whatever is still due. Each row is claimed by one sender at a
 * time and marked sent as soon as the mail server has taken it, so each email is sent once; a
 * failure is logged and retried with backoff. The features own their kinds of email: each hands
 * in its letters (how to write each kind), and a sender sends only the kinds it was given.
 */
export type MailKind = (typeof mailKinds)[number];

/** What a letter is written with: the database, the mail settings, and the owner's addresses (read once per run). */
export type LetterContext = { db: Database; settings: MailSettings; owners: () => Promise<string[]> };

/**
 * One kind of email: what the Application Logs call it, and how it is written from what it is
 * about as it is now; null when there is nothing to send any more (a newsletter's recipient who
 * unsubscribed since it was queued), which marks the row done without sending.
 */
export type Letter = {
  feature: string;
  what: string;
  write(aboutId: string, context: LetterContext): Promise<OutgoingMail | null>;
};

export type Letters = Partial<Record<MailKind, Letter>>;

export const NO_OWNER = 'no one to tell: set NOTIFY_EMAIL or give an admin account an email address';

/** The owner, as a buyer's or visitor's Reply-To: one who answers reaches the artist, not the site's sender address. */
export async function ownerReplyTo(owners: () => Promise<string[]>, name: string): Promise<MailAddress | undefined> {
  const [first] = await owners();
  return first ? { name, address: first } : undefined;
}

/** Queues emails about `aboutId` (a message's or an order's id), due at `now`; one already queued is left as it is. */
export async function enqueueMail(
  tx: Tx,
  kinds: readonly MailKind[],
  aboutId: string,
  now = new Date(),
): Promise<void> {
  if (kinds.length === 0) return;
  await tx
    .insert(mailOutbox)
    .values(kinds.map((kind) => ({ kind, messageId: aboutId, createdAt: now, nextAttemptAt: now })))
    .onConflictDoNothing();
}

/** Minutes to wait after the 1st, 2nd, … failure; every 6 hours after that, for MAX_ATTEMPTS in all. */
const BACKOFF_MINUTES = [1, 5, 15, 60, 180];
export const MAX_ATTEMPTS = 20;
/** A sender that took a row and vanished (a crash) gives it back after this long. */
const CLAIM_MS = 2 * 60_000;

export function retryDelayMs(failures: number): number {
  return (BACKOFF_MINUTES[failures - 1] ?? 360) * 60_000;
}

/** NOTIFY_EMAIL, or every admin account's address. */
export async function ownerAddresses(db: Database, notifyEmail?: string): Promise<string[]> {
  if (notifyEmail) return [notifyEmail];
  const rows = await asSystem(db, 'messages', (sys) =>
    sys
      .select({ email: authUsers.email })
      .from(profiles)
      .innerJoin(authUsers, eq(authUsers.id, profiles.userId))
      .where(and(eq(profiles.isAdmin, true), isNotNull(authUsers.email))),
  );
  return [...new Set(rows.map((row) => row.email!).filter(Boolean))];
}

export type Delivery = { sent: number; failed: number };

/** A batch's outcome: also how many rows it claimed, and how many it gave back unsent (time ran out). */
export type BatchDelivery = Delivery & { claimed: number; released: number };

/** How a sender runs a batch; the defaults are the site's own emails'. */
export type DeliveryOptions = {
  settings?: MailSettings | null;
  now?: () => Date;
  limit?: number;
  /** How long a claim lasts: a sender that vanished gives its rows back after it. */
  claimMs?: number;
  /**
   * Waited for before each email is handed to the mail server (the newsletter's pace). A batch
   * that waits holds a row anew just before sending it once half its claim is gone (see
   * holdRow), so a row whose claim ran out while it waited is never sent by two senders.
   */
  pace?: () => Promise<void>;
  /** A time (Date.now()) after which this batch hands nothing more over and gives its rows back. */
  until?: number;
  /** After a failure, hand nothing more over in this batch: a bulk send does not keep knocking at a server that refuses. */
  stopAfterFailure?: boolean;
};

type Claimed = { kind: MailKind; messageId: string; attempts: number };

const rowKey = (row: { kind: MailKind; messageId: string }) =>
  and(eq(mailOutbox.kind, row.kind), eq(mailOutbox.messageId, row.messageId));

/** Takes up to `limit` due emails of these kinds for this sender alone (rows another sender holds are skipped). */
async function claimDue(
  db: Database,
  kinds: MailKind[],
  { now, limit, until }: { now: Date; limit: number; until: Date },
): Promise<Claimed[]> {
  return asSystem(db, 'messages', (sys) =>
    sys.transaction(async (tx) => {
      const due = await tx
        .select({ kind: mailOutbox.kind, messageId: mailOutbox.messageId })
        .from(mailOutbox)
        .where(
          and(
            isNull(mailOutbox.sentAt),
            inArray(mailOutbox.kind, kinds),
            lte(mailOutbox.nextAttemptAt, now),
            lt(mailOutbox.attempts, MAX_ATTEMPTS),
            or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, now)),
          ),
        )
        .orderBy(mailOutbox.nextAttemptAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(mailOutbox)
        .set({ claimedUntil: until, attempts: sql`${mailOutbox.attempts} + 1` })
        .where(or(...due.map(rowKey)))
        .returning({ kind: mailOutbox.kind, messageId: mailOutbox.messageId, attempts: mailOutbox.attempts });
    }),
  );
}

/**
 * Holds a claimed row for another full claim just before its email is handed over, if it is
 * still this sender's (its claim is the one this sender set): false when another sender took it
 * after this one's claim ran out.
 */
async function holdRow(db: Database, row: Claimed, claim: { ours: Date; next: Date }): Promise<boolean> {
  const held = await asSystem(db, 'messages', (sys) =>
    sys
      .update(mailOutbox)
      .set({ claimedUntil: claim.next })
      .where(and(rowKey(row), isNull(mailOutbox.sentAt), eq(mailOutbox.claimedUntil, claim.ours)))
      .returning({ kind: mailOutbox.kind }),
  );
  return held.length === 1;
}

/** Gives back claimed rows this sender did not try: due again at once, their try not counted. */
async function releaseRows(db: Database, rows: Claimed[], ours: Date): Promise<void> {
  if (rows.length === 0) return;
  await asSystem(db, 'messages', (sys) =>
    sys
      .update(mailOutbox)
      .set({ claimedUntil: null, attempts: sql`greatest(${mailOutbox.attempts} - 1, 0)` })
      .where(and(or(...rows.map(rowKey)), isNull(mailOutbox.sentAt), eq(mailOutbox.claimedUntil, ours))),
  );
}

async function recordFailure(db: Database, letter: Letter, row: Claimed, error: unknown, now: () => Date) {
  const { kind, messageId, attempts } = row;
  const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const retry = attempts < MAX_ATTEMPTS;
  await asSystem(db, 'messages', (sys) =>
    sys
      .update(mailOutbox)
      .set({
        claimedUntil: null,
        lastError: reason,
        nextAttemptAt: new Date(now().getTime() + retryDelayMs(attempts)),
      })
      .where(rowKey(row)),
  ).catch(() => undefined);
  const { feature, what } = letter;
  await recordAppLog(db, {
    level: 'error',
    feature,
    message: retry
      ? `${what} failed (attempt ${attempts}); it will be tried again`
      : `${what} failed ${attempts} times; no more tries`,
    correlationId: null,
    meta: { kind, messageId, attempts, error: reason },
  });
}

/**
 * Claims one batch of what is due and sends it. Safe to call from several places at once (the
 * send route after answering, the webhook, the timer, the cron job): each email is claimed by
 * one of them, and marked sent as soon as the mail server has taken it.
 */
export async function deliverOutboxBatch(
  db: Database,
  letters: Letters,
  {
    settings = mailSettings(),
    now = () => new Date(),
    limit = 20,
    claimMs = CLAIM_MS,
    pace,
    until = Infinity,
    stopAfterFailure = false,
  }: DeliveryOptions = {},
): Promise<BatchDelivery> {
  const result: BatchDelivery = { sent: 0, failed: 0, claimed: 0, released: 0 };
  if (!settings) return result;
  const kinds = Object.keys(letters) as MailKind[];
  if (kinds.length === 0) return result;
  const ours = new Date(now().getTime() + claimMs);
  const claimed = await claimDue(db, kinds, { now: now(), limit, until: ours });
  result.claimed = claimed.length;
  let ownersRead: Promise<string[]> | undefined;
  const owners = () => (ownersRead ??= ownerAddresses(db, settings.notifyEmail));
  for (const [index, row] of claimed.entries()) {
    const letter = letters[row.kind]!;
    try {
      const mail = await letter.write(row.messageId, { db, settings, owners });
      if (mail && pace) {
        await pace();
        const stop = Date.now() > until;
        // While more than half the claim is left no other sender can take the row: held anew only after.
        const held =
          !stop &&
          (ours.getTime() - now().getTime() > claimMs / 2 ||
            (await holdRow(db, row, { ours, next: new Date(now().getTime() + claimMs) })));
        if (!held) {
          const rest = claimed.slice(index + (stop ? 0 : 1));
          await releaseRows(db, rest, ours);
          result.released += rest.length;
          break;
        }
      }
      if (mail) await settings.mailer.send(mail);
      await asSystem(db, 'messages', (sys) =>
        sys.update(mailOutbox).set({ sentAt: now(), claimedUntil: null, lastError: null }).where(rowKey(row)),
      );
      if (mail) result.sent++;
    } catch (error) {
      result.failed++;
      await recordFailure(db, letter, row, error, now);
      if (stopAfterFailure) {
        const rest = claimed.slice(index + 1);
        await releaseRows(db, rest, ours);
        result.released += rest.length;
        break;
      }
    }
  }
  return result;
}

/** Sends one batch of what is due (deliverOutboxBatch) with the site's own emails' defaults. */
export async function deliverOutbox(
  db: Database,
  letters: Letters,
  options: Pick<DeliveryOptions, 'settings' | 'now' | 'limit'> = {},
): Promise<Delivery> {
  const { sent, failed } = await deliverOutboxBatch(db, letters, options);
  return { sent, failed };
}

/** Runs a delivery of these letters unless one is already running in this process. */
export function deliverSoon(
  db: Database,
  letters: Letters,
  settings: MailSettings | null = mailSettings(),
): Promise<unknown> {
  return singleFlight('watercolour.mail-outbox', letters, () =>
    deliverOutbox(db, letters, { settings }).catch((error: unknown) =>
      recordAppLog(db, {
        level: 'error',
        feature: 'messages',
        message: 'Sending the site’s emails failed',
        correlationId: null,
        meta: { error: String(error) },
      }),
    ),
  );
}
