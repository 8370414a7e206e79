import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { artworks, messages } from '@/lib/db/schema';
import { enqueueMail } from '@/lib/mail/outbox';
import { requestSubscription, type SubscriptionRequest } from '@/lib/newsletter';
import {
  SENDER_LIMIT,
  SITE_HOURLY_CEILING,
  spamReason,
  SUBSCRIBE_CONSENT,
  type SpamReason,
  type VisitorMessage,
} from './rules';

export type Received =
  | {
      ok: true;
      id: string;
      spam: SpamReason | null;
      queued: boolean;
      /** What the subscribe box did; null when it was not ticked or the message is spam. */
      subscription: SubscriptionRequest | null;
    }
  | { ok: false; reason: 'throttled' };

/**
 * Stores one visitor's message (docs/operations.md, Messages from visitors), all or nothing: the
 * sender's budget is checked and the message written in one transaction, under an advisory lock per
 * sender, so however many sends arrive at once at most SENDER_LIMIT.messages are kept per window. A
 * suspect message (honeypot, too fast, links, or past the site's hourly ceiling) goes to Spam; a
 * ticked subscribe box asks for the newsletter (lib/newsletter/subscriptions.ts), unless the
 * message is spam. With `notify` (email is configured), a message that is not spam is queued for
 * the owner's email in the same transaction, and so is a subscriber's confirmation email
 * (lib/mail/outbox.ts sends them).
 */
export async function receiveMessage(
  database: Database,
  message: VisitorMessage,
  {
    senderKey,
    shownAt,
    now = new Date(),
    notify = false,
  }: { senderKey: string; shownAt: number | null | undefined; now?: Date; notify?: boolean },
): Promise<Received> {
  return asSystem(database, 'messages', (db) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`message-sender:${senderKey}`}, 0))`);
      const windowStart = new Date(now.getTime() - SENDER_LIMIT.windowMs);
      const [sent] = await tx
        .select({ n: count() })
        .from(messages)
        .where(and(eq(messages.senderKey, senderKey), gte(messages.createdAt, windowStart)));
      if ((sent?.n ?? 0) >= SENDER_LIMIT.messages) return { ok: false, reason: 'throttled' } as const;

      let spam = spamReason(message, shownAt, now.getTime());
      if (!spam) {
        const [hour] = await tx
          .select({ n: count() })
          .from(messages)
          .where(gte(messages.createdAt, new Date(now.getTime() - 60 * 60_000)));
        if ((hour?.n ?? 0) >= SITE_HOURLY_CEILING) spam = 'ceiling';
      }
      // An id that names no painting (deleted since, or made up) is dropped, not refused.
      const artworkId = message.artwork
        ? ((await tx.select({ id: artworks.id }).from(artworks).where(eq(artworks.id, message.artwork)).limit(1))[0]
            ?.id ?? null)
        : null;

      const [row] = await tx
        .insert(messages)
        .values({
          createdAt: now,
          form: message.form,
          name: message.name,
          email: message.email,
          subject: message.subject,
          body: message.message,
          artworkId,
          folder: spam ? 'spam' : 'inbox',
          spamReason: spam,
          senderKey,
        })
        .returning({ id: messages.id });

      // A ticked box asks for the newsletter: confirmed by a link emailed while email is set up.
      const subscription =
        message.subscribe && !spam
          ? await requestSubscription(tx, {
              email: message.email,
              name: message.name,
              consent: SUBSCRIBE_CONSENT,
              senderKey,
              now,
              sendConfirmation: notify,
            })
          : null;
      const queued = notify && !spam;
      if (queued) await enqueueMail(tx, ['visitor-message'], row!.id, now);
      return { ok: true, id: row!.id, spam, queued, subscription } as const;
    }),
  );
}
