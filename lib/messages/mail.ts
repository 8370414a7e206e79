import { and, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { authUsers, mailOutbox, profiles } from '@/lib/db/schema';
import { artworkPath } from '@/lib/categories';
import { site } from '@/lib/site';
import { recordAppLog } from '@/lib/log/app-log';
import { mailSettings, type MailSettings } from '@/lib/mail';
import type { MailKind } from '@/lib/mail/outbox';
import type { OutgoingMail } from '@/lib/mail/port';
import {
  orderBuyerMail,
  orderOwnerMail,
  orderRefundedBuyerMail,
  orderRefundedOwnerMail,
  orderShippedMail,
} from '@/lib/shop/order-mail';
import { readOrder } from '@/lib/shop/orders';
import { escapeHtml } from './escape-html';
import { readMessage, type MessageRow } from './inbox';

/**
 * The site's emails, one outbox for all (app_private.mail_outbox, by kind; lib/mail/outbox.ts
 * queues them): the owner's email about each visitor's message (docs/operations.md, Messages from
 * visitors) and the shop's order emails (lib/shop/order-mail.ts: to the owner and the buyer when
 * an order is paid, to the buyer when it ships). Never in anyone's path: each is queued in the
 * transaction that makes it due, and delivery starts once the request has its answer; a Node
 * server's timer, and Vercel Cron's job, send whatever is still due. Each row is claimed by one
 * sender at a time and marked sent as soon as the mail server has taken it (through the mail port,
 * lib/mail/port.ts), so each email is sent once; a failure is logged and retried with backoff.
 */
/** Minutes to wait after the 1st, 2nd, … failure; every 6 hours after that, for MAX_ATTEMPTS in all. */
const BACKOFF_MINUTES = [1, 5, 15, 60, 180];
export const MAX_ATTEMPTS = 20;
/** A sender that took a row and vanished (a crash) gives it back after this long. */
const CLAIM_MS = 2 * 60_000;

export function retryDelayMs(failures: number): number {
  return (BACKOFF_MINUTES[failures - 1] ?? 360) * 60_000;
}

/** One line, for a header: whatever the visitor typed cannot start another header. */
const oneLine = (value: string) => value.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();

/** The email about one message: Reply-To the visitor, the painting's link, the words as text. */
export function notificationFor(
  message: MessageRow,
  { from, to, siteUrl }: { from: string; to: string[]; siteUrl: string },
): OutgoingMail {
  const about = oneLine(message.subject) || oneLine(message.body).slice(0, 60);
  const name = oneLine(message.name);
  const inbox = new URL(`/admin/messages/${message.id}`, siteUrl).toString();
  const painting = message.painting
    ? { title: message.painting.title, url: new URL(artworkPath(message.painting), siteUrl).toString() }
    : null;
  const text = [
    `From: ${name} <${message.email}>`,
    ...(painting ? [`About: ${painting.title} (${painting.url})`] : []),
    '',
    message.body,
    '',
    `Reply to this email to answer ${name}, or open it in the inbox: ${inbox}`,
  ].join('\n');
  const html = [
    `<p>From: ${escapeHtml(name)} &lt;${escapeHtml(message.email)}&gt;</p>`,
    ...(painting ? [`<p>About: <a href="${escapeHtml(painting.url)}">${escapeHtml(painting.title)}</a></p>`] : []),
    `<p style="white-space:pre-wrap">${escapeHtml(message.body)}</p>`,
    `<p>Reply to this email to answer ${escapeHtml(name)}, or <a href="${escapeHtml(inbox)}">open it in the inbox</a>.</p>`,
  ].join('\n');
  return {
    from,
    to,
    replyTo: { name, address: message.email },
    subject: `New message: ${about}`,
    text,
    html,
    // The same id on a retry: a mail server that saw it once can tell.
    messageId: `<${message.id}@${new URL(siteUrl).hostname}>`,
  };
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

type Claimed = { kind: MailKind; messageId: string; attempts: number };

const rowKey = (row: { kind: MailKind; messageId: string }) =>
  and(eq(mailOutbox.kind, row.kind), eq(mailOutbox.messageId, row.messageId));

/** Takes up to `limit` due emails for this sender alone (rows another sender holds are skipped). */
async function claimDue(db: Database, now: Date, limit: number): Promise<Claimed[]> {
  return asSystem(db, 'messages', (sys) =>
    sys.transaction(async (tx) => {
      const due = await tx
        .select({ kind: mailOutbox.kind, messageId: mailOutbox.messageId })
        .from(mailOutbox)
        .where(
          and(
            isNull(mailOutbox.sentAt),
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
        .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS), attempts: sql`${mailOutbox.attempts} + 1` })
        .where(or(...due.map(rowKey)))
        .returning({ kind: mailOutbox.kind, messageId: mailOutbox.messageId, attempts: mailOutbox.attempts });
    }),
  );
}

/** What each kind of email is, for the Application Logs. */
const ABOUT: Record<MailKind, { feature: string; what: string }> = {
  'visitor-message': { feature: 'messages', what: "Email about a visitor's message" },
  'order-owner': { feature: 'shop', what: 'Email to the owner about a new order' },
  'order-buyer': { feature: 'shop', what: 'Email to the buyer about their order' },
  'order-shipped': { feature: 'shop', what: 'Email to the buyer that their order has shipped' },
  'order-refunded-buyer': { feature: 'shop', what: 'Email to the buyer that their payment was refunded' },
  'order-refunded-owner': { feature: 'shop', what: 'Email to the owner about a payment the site refunded' },
};

type Renderer = { db: Database; settings: MailSettings; owners: () => Promise<string[]> };

const NO_OWNER = 'no one to tell: set NOTIFY_EMAIL or give an admin account an email address';

/** The owner, as the buyer's Reply-To: a buyer who answers reaches the artist, not the site's sender address. */
async function ownerReplyTo(owners: () => Promise<string[]>) {
  const [first] = await owners();
  return first ? { name: site.name, address: first } : undefined;
}

async function orderFor(db: Database, orderId: string) {
  const order = await readOrder(db, orderId);
  if (!order) throw new Error('the order was deleted before its email was sent');
  return order;
}

/** Each kind's email, built from what it is about as it is now. */
const render: Record<MailKind, (id: string, r: Renderer) => Promise<OutgoingMail>> = {
  'visitor-message': async (id, { db, settings, owners }) => {
    const message = await readMessage(db, id);
    if (!message) throw new Error('the message was deleted before its email was sent');
    const to = await owners();
    if (to.length === 0) throw new Error(NO_OWNER);
    return notificationFor(message, { from: settings.from, to, siteUrl: settings.siteUrl });
  },
  'order-owner': async (id, { db, settings, owners }) => {
    const order = await orderFor(db, id);
    const to = await owners();
    if (to.length === 0) throw new Error(NO_OWNER);
    return orderOwnerMail(order, { from: settings.from, to, siteUrl: settings.siteUrl });
  },
  'order-buyer': async (id, { db, settings, owners }) =>
    orderBuyerMail(await orderFor(db, id), {
      from: settings.from,
      replyTo: await ownerReplyTo(owners),
      siteUrl: settings.siteUrl,
    }),
  'order-shipped': async (id, { db, settings, owners }) =>
    orderShippedMail(await orderFor(db, id), {
      from: settings.from,
      replyTo: await ownerReplyTo(owners),
      siteUrl: settings.siteUrl,
    }),
  'order-refunded-buyer': async (id, { db, settings, owners }) =>
    orderRefundedBuyerMail(await orderFor(db, id), {
      from: settings.from,
      replyTo: await ownerReplyTo(owners),
      siteUrl: settings.siteUrl,
    }),
  'order-refunded-owner': async (id, { db, settings, owners }) => {
    const order = await orderFor(db, id);
    const to = await owners();
    if (to.length === 0) throw new Error(NO_OWNER);
    return orderRefundedOwnerMail(order, { from: settings.from, to, siteUrl: settings.siteUrl });
  },
};

/**
 * Sends what is due. Safe to call from several places at once (the send route after answering,
 * the webhook, the timer, the cron job): each email is claimed by one of them.
 */
export async function deliverOutbox(
  db: Database,
  {
    settings = mailSettings(),
    now = () => new Date(),
    limit = 20,
  }: { settings?: MailSettings | null; now?: () => Date; limit?: number } = {},
): Promise<Delivery> {
  const result: Delivery = { sent: 0, failed: 0 };
  if (!settings) return result;
  const claimed = await claimDue(db, now(), limit);
  if (claimed.length === 0) return result;
  let ownersRead: Promise<string[]> | undefined;
  const owners = () => (ownersRead ??= ownerAddresses(db, settings.notifyEmail));
  for (const row of claimed) {
    const { kind, messageId, attempts } = row;
    try {
      await settings.mailer.send(await render[kind](messageId, { db, settings, owners }));
      await asSystem(db, 'messages', (sys) =>
        sys.update(mailOutbox).set({ sentAt: now(), claimedUntil: null, lastError: null }).where(rowKey(row)),
      );
      result.sent++;
    } catch (error) {
      result.failed++;
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
      const { feature, what } = ABOUT[kind];
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
  }
  return result;
}

type Sweep = { running: Promise<unknown> | null };
const key = Symbol.for('watercolour.mail-outbox');
const holder = globalThis as { [key]?: Sweep };

/** Runs a delivery unless one is already running in this process. */
export function deliverSoon(db: Database, settings: MailSettings | null = mailSettings()): Promise<unknown> {
  const sweep = (holder[key] ??= { running: null });
  sweep.running ??= deliverOutbox(db, { settings })
    .catch((error: unknown) =>
      recordAppLog(db, {
        level: 'error',
        feature: 'messages',
        message: 'Sending the site’s emails failed',
        correlationId: null,
        meta: { error: String(error) },
      }),
    )
    .finally(() => {
      sweep.running = null;
    });
  return sweep.running;
}
