import { asc, count, desc, eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { subscribers, subscriberStatuses } from '@/lib/db/schema';
import { toCsv } from '@/lib/insights';

/*
 * The owner's view of the list (docs/product.md, Newsletter): the Subscribers folder of
 * /admin/messages, its CSV, and the counts the newsletter screens show. Run on the system
 * connection after requireAdmin(). How an address joins, confirms and leaves is in
 * subscriptions.ts.
 */

/**
 * One row of the Subscribers list (docs/product.md, Newsletter): where the address stands, the
 * words agreed to, and when each step happened. The tokens and the code stay out of it.
 */
export type Subscriber = {
  email: string;
  name: string;
  status: SubscriberStatus;
  consent: string;
  /** When the box was last ticked. */
  requestedAt: Date;
  /** The last confirmation email queued; null when none was (email not set up, or held back by the limits). */
  confirmSentAt: Date | null;
  confirmExpiresAt: Date | null;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
};
export type SubscriberStatus = (typeof subscriberStatuses)[number];

/** Everyone who ticked the box, the latest asked first. */
export async function listSubscribers(db: Database): Promise<Subscriber[]> {
  return asSystem(db, 'newsletter', (sys) =>
    sys
      .select({
        email: subscribers.email,
        name: subscribers.name,
        status: subscribers.status,
        consent: subscribers.consent,
        requestedAt: subscribers.requestedAt,
        confirmSentAt: subscribers.confirmSentAt,
        confirmExpiresAt: subscribers.confirmExpiresAt,
        confirmedAt: subscribers.confirmedAt,
        unsubscribedAt: subscribers.unsubscribedAt,
      })
      .from(subscribers)
      .orderBy(desc(subscribers.requestedAt), asc(subscribers.email)),
  );
}

/** Every address on the list, whatever its status: the Subscribers folder's count. */
export async function countSubscribers(db: Database): Promise<number> {
  const [row] = await asSystem(db, 'newsletter', (sys) => sys.select({ n: count() }).from(subscribers));
  return row?.n ?? 0;
}

/** How many addresses are pending, confirmed and unsubscribed. */
export async function subscriberCounts(db: Database): Promise<Record<SubscriberStatus, number>> {
  const rows = await asSystem(db, 'newsletter', (sys) =>
    sys.select({ status: subscribers.status, n: count() }).from(subscribers).groupBy(subscribers.status),
  );
  const counts = { pending: 0, confirmed: 0, unsubscribed: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/** The same counts as subscriberCounts, from a list already read (the Subscribers folder has it). */
export function countByStatus(rows: readonly Pick<Subscriber, 'status'>[]): Record<SubscriberStatus, number> {
  const counts = { pending: 0, confirmed: 0, unsubscribed: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

export async function removeSubscriber(db: Database, email: string): Promise<boolean> {
  const rows = await asSystem(db, 'newsletter', (sys) =>
    sys.delete(subscribers).where(eq(subscribers.email, email.toLowerCase())).returning({ email: subscribers.email }),
  );
  return rows.length > 0;
}

const iso = (date: Date | null) => date?.toISOString() ?? '';

/**
 * Subscribers as CSV (RFC 4180, formula-safe), the columns of the Subscribers list: email, name,
 * status (pending, confirmed, unsubscribed), the words agreed to, and when they asked, were sent
 * a confirmation, confirmed and unsubscribed (ISO 8601, UTC; empty when it has not happened).
 */
export function subscribersCsv(rows: readonly Subscriber[]): string {
  return toCsv([
    ['email', 'name', 'status', 'consent', 'asked_at', 'confirmation_sent_at', 'confirmed_at', 'unsubscribed_at'],
    ...rows.map((row) => [
      row.email,
      row.name,
      row.status,
      row.consent,
      iso(row.requestedAt),
      iso(row.confirmSentAt),
      iso(row.confirmedAt),
      iso(row.unsubscribedAt),
    ]),
  ]);
}
