import { toCsv } from '@/lib/insights';
import type { Subscriber } from './inbox';

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
