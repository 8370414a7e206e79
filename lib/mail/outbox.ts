import type { Tx } from '@/lib/db/port';
import { mailOutbox, type mailKinds } from '@/lib/db/schema';

/**
 * The one outbox of the site's emails (app_private.mail_outbox; lib/messages/mail.ts sends it):
 * each row is one email, by its kind and the id of what it is about. Written in the transaction
 * that makes the email due (a message received, an order paid or shipped), so the email is queued
 * if and only if that change is kept; the key makes a second enqueue of the same email a no-op.
 */
export type MailKind = (typeof mailKinds)[number];

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
