import crypto from 'node:crypto';
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Tx } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { mailOutbox, newsletterConfirmSends, subscribers, type SubscriberRow } from '@/lib/db/schema';
import { enqueueMail } from '@/lib/mail/outbox';

/**
 * Subscribing, confirming and unsubscribing (docs/product.md, Newsletter): double opt-in. Ticking
 * the box records the address as pending and, while the site sends email, queues one email with
 * a link; only following it (and pressing the page's button) makes a subscriber, who then gets a
 * welcome email with their discount code. Every letter carries a link that unsubscribes at once.
 */

/** The subscribe box's words (lib/messages passes its own copy in: the two must stay the same). */
export const NEWSLETTER_CONSENT = 'Subscribe to my newsletter for updates on new art and exhibitions.';

const DAY_MS = 24 * 60 * 60_000;
/** A confirmation link works for this long after its email was queued. */
export const CONFIRM_TTL_MS = 7 * DAY_MS;
/** At most one confirmation email per address in this long: a stranger cannot flood an inbox. */
export const CONFIRM_INTERVAL_MS = DAY_MS;
/** Per address block (an IPv6 /64 counts as one): at most this many confirmation emails a day. */
export const SENDER_CONFIRMATIONS = { emails: 10, windowMs: DAY_MS } as const;

export type SubscriptionRequest = 'confirmation-queued' | 'already-confirmed' | 'limited' | 'recorded';

/** Tokens as the site makes them: base64url or hex, 32 to 64 characters. Anything else names no one. */
export const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{32,64}$/);

const lock = (tx: Tx, key: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);

/**
 * A ticked subscribe box on a message that is not spam, inside the message's transaction. A
 * confirmed address stays confirmed (its name updated) and is sent nothing; any other becomes
 * pending with the words agreed to now. With `sendConfirmation` (email is configured), a
 * confirmation email is queued unless this address had one in the last day or its sender's
 * address block has had SENDER_CONFIRMATIONS.emails. The visitor is told the same whatever
 * happens, so the form says nothing of who is subscribed.
 */
export async function requestSubscription(
  tx: Tx,
  {
    email,
    name,
    consent,
    senderKey,
    now,
    sendConfirmation,
  }: { email: string; name: string; consent: string; senderKey: string; now: Date; sendConfirmation: boolean },
): Promise<SubscriptionRequest> {
  const address = email.trim().toLowerCase();
  // One request per address at a time: the one-a-day check and the new token cannot interleave.
  await lock(tx, `newsletter-address:${address}`);
  const [existing] = await tx.select().from(subscribers).where(eq(subscribers.email, address)).for('update');
  if (existing?.status === 'confirmed') {
    await tx.update(subscribers).set({ name }).where(eq(subscribers.id, existing.id));
    return 'already-confirmed';
  }
  const asked = { name, consent, consentedAt: now, requestedAt: now, senderKey, status: 'pending' as const };
  // A new request describes the subscription from now on: an earlier confirmation or unsubscribe is over.
  const [row] = await tx
    .insert(subscribers)
    .values({ email: address, ...asked })
    .onConflictDoUpdate({ target: subscribers.email, set: { ...asked, confirmedAt: null, unsubscribedAt: null } })
    .returning({ id: subscribers.id, confirmSentAt: subscribers.confirmSentAt });
  if (!sendConfirmation) return 'recorded';
  const sentAt = row!.confirmSentAt;
  if (sentAt && now.getTime() - sentAt.getTime() < CONFIRM_INTERVAL_MS) return 'limited';
  if (!(await claimSenderConfirmation(tx, senderKey, now))) return 'limited';
  await tx
    .update(subscribers)
    .set({
      confirmToken: crypto.randomBytes(32).toString('base64url'),
      confirmExpiresAt: new Date(now.getTime() + CONFIRM_TTL_MS),
      confirmSentAt: now,
    })
    .where(eq(subscribers.id, row!.id));
  // The outbox keeps one row per kind and subscriber: an earlier email's row makes way for this one.
  await tx.delete(mailOutbox).where(and(eq(mailOutbox.kind, 'newsletter-confirm'), eq(mailOutbox.messageId, row!.id)));
  await enqueueMail(tx, ['newsletter-confirm'], row!.id, now);
  return 'confirmation-queued';
}

/** Counts one confirmation email against the sender's block, unless it has had its day's worth. */
async function claimSenderConfirmation(tx: Tx, senderKey: string, now: Date): Promise<boolean> {
  await lock(tx, `newsletter-sender:${senderKey}`);
  const since = new Date(now.getTime() - SENDER_CONFIRMATIONS.windowMs);
  const [sent] = await tx
    .select({ n: count() })
    .from(newsletterConfirmSends)
    .where(and(eq(newsletterConfirmSends.senderKey, senderKey), gte(newsletterConfirmSends.sentAt, since)));
  if ((sent?.n ?? 0) >= SENDER_CONFIRMATIONS.emails) return false;
  await tx.delete(newsletterConfirmSends).where(lt(newsletterConfirmSends.sentAt, since));
  await tx.insert(newsletterConfirmSends).values({ senderKey, sentAt: now });
  return true;
}

export type ConfirmResult = 'confirmed' | 'already-confirmed' | 'expired' | 'unknown';

/**
 * The confirmation link's button: a pending subscriber with this unexpired token becomes
 * confirmed, gets a discount code (kept from an earlier subscription if they had one) and a
 * welcome email. The token stays on the row until it expires, so pressing again, or opening the
 * link again, shows the same result and changes nothing.
 */
export async function confirmSubscription(database: Database, token: string, now = new Date()): Promise<ConfirmResult> {
  if (!tokenSchema.safeParse(token).success) return 'unknown';
  return asSystem(database, 'newsletter', (db) =>
    db.transaction(async (tx) => {
      const [row] = await tx.select().from(subscribers).where(eq(subscribers.confirmToken, token)).for('update');
      if (!row) return 'unknown';
      if (!row.confirmExpiresAt || row.confirmExpiresAt <= now) return 'expired';
      if (row.status === 'confirmed') return 'already-confirmed';
      if (row.status !== 'pending') return 'unknown';
      const discountCode = row.discountCode ?? (await freeDiscountCode(tx));
      await tx
        .update(subscribers)
        .set({ status: 'confirmed', confirmedAt: now, unsubscribedAt: null, discountCode })
        .where(eq(subscribers.id, row.id));
      // A resubscriber's earlier welcome was sent: its row makes way for this one.
      await tx
        .delete(mailOutbox)
        .where(and(eq(mailOutbox.kind, 'newsletter-welcome'), eq(mailOutbox.messageId, row.id)));
      await enqueueMail(tx, ['newsletter-welcome'], row.id, now);
      return 'confirmed';
    }),
  );
}

/** Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand cannot be misread. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `PRINTS-` and 8 random characters (40 bits): easy to type at checkout, impossible to guess. */
export function newDiscountCode(): string {
  const bytes = crypto.randomBytes(5);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let i = 7; i >= 0; i--) code += CROCKFORD[Number((bits >> BigInt(i * 5)) & 31n)];
  return `PRINTS-${code}`;
}

/** A code no subscriber holds. A clash is one in a trillion; drawing again settles it. */
async function freeDiscountCode(tx: Tx): Promise<string> {
  for (;;) {
    const code = newDiscountCode();
    const [taken] = await tx
      .select({ id: subscribers.id })
      .from(subscribers)
      .where(eq(subscribers.discountCode, code))
      .limit(1);
    if (!taken) return code;
  }
}

export type UnsubscribeResult = 'unsubscribed' | 'already-unsubscribed' | 'unknown';

/**
 * A letter's unsubscribe link or its List-Unsubscribe header: at once, and again changes nothing.
 * The code stops working with it (the checkout asks for a confirmed subscriber) and letters still
 * queued for the address are not sent (the outbox's letter sees the status). The confirmation
 * link is spent with it: an old link cannot subscribe the address again.
 */
export async function unsubscribe(database: Database, token: string, now = new Date()): Promise<UnsubscribeResult> {
  if (!tokenSchema.safeParse(token).success) return 'unknown';
  return asSystem(database, 'newsletter', async (db) => {
    const [row] = await db
      .select({ status: subscribers.status })
      .from(subscribers)
      .where(eq(subscribers.unsubscribeToken, token))
      .limit(1);
    if (!row) return 'unknown';
    if (row.status === 'unsubscribed') return 'already-unsubscribed';
    await db
      .update(subscribers)
      .set({ status: 'unsubscribed', unsubscribedAt: now, confirmToken: null, confirmExpiresAt: null })
      .where(and(eq(subscribers.unsubscribeToken, token), sql`${subscribers.status} <> 'unsubscribed'`));
    return 'unsubscribed';
  });
}

/** What a confirmation link's page shows: the state of its subscription, and the code once confirmed. */
export type Confirmation =
  | { state: 'pending' }
  | { state: 'confirmed'; discountCode: string | null }
  | { state: 'expired'; confirmed: boolean }
  | { state: 'unknown' };

export async function readConfirmation(database: Database, token: string, now = new Date()): Promise<Confirmation> {
  if (!tokenSchema.safeParse(token).success) return { state: 'unknown' };
  const [row] = await asSystem(database, 'newsletter', (db) =>
    db
      .select({ status: subscribers.status, expires: subscribers.confirmExpiresAt, code: subscribers.discountCode })
      .from(subscribers)
      .where(eq(subscribers.confirmToken, token))
      .limit(1),
  );
  if (!row || row.status === 'unsubscribed') return { state: 'unknown' };
  if (!row.expires || row.expires <= now) return { state: 'expired', confirmed: row.status === 'confirmed' };
  return row.status === 'confirmed' ? { state: 'confirmed', discountCode: row.code } : { state: 'pending' };
}

/** What an unsubscribe link's page shows: whose address, half hidden, and whether it is still subscribed. */
export type Unsubscription = { state: 'subscribed' | 'unsubscribed'; maskedEmail: string } | { state: 'unknown' };

export async function readUnsubscription(database: Database, token: string): Promise<Unsubscription> {
  if (!tokenSchema.safeParse(token).success) return { state: 'unknown' };
  const [row] = await asSystem(database, 'newsletter', (db) =>
    db
      .select({ status: subscribers.status, email: subscribers.email })
      .from(subscribers)
      .where(eq(subscribers.unsubscribeToken, token))
      .limit(1),
  );
  if (!row) return { state: 'unknown' };
  return { state: row.status === 'unsubscribed' ? 'unsubscribed' : 'subscribed', maskedEmail: maskEmail(row.email) };
}

/**
 * "a***@example.com": enough for its owner to recognise, little for anyone the link was
 * forwarded to. The domain stays whole (it says which inbox), the name keeps its first letter.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** One subscriber by id, as it is now (the outbox's letters read it so). */
export async function readSubscriber(database: Database, id: string): Promise<SubscriberRow | null> {
  const [row] = await asSystem(database, 'newsletter', (db) =>
    db.select().from(subscribers).where(eq(subscribers.id, id)).limit(1),
  );
  return row ?? null;
}
