import { toCsv } from '@/lib/insights';
import type { Subscriber } from './inbox';

/** Subscribers as CSV (RFC 4180, formula-safe): email, name, consented at (ISO 8601, UTC), consent. */
export function subscribersCsv(rows: readonly Subscriber[]): string {
  return toCsv([
    ['email', 'name', 'consented_at', 'consent'],
    ...rows.map((row) => [row.email, row.name, row.consentedAt.toISOString(), row.consent]),
  ]);
}
