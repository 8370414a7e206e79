import 'server-only';
import type { BodyDeadlines } from '@/lib/http/read-capped';
import { injectedFault } from './faults';

/** Short enough for a test to wait out (e2e/body-limits.spec.ts); the real ones are minutes. */
export const SHORT_UPLOAD_DEADLINES: BodyDeadlines = { idleMs: 2_000, totalMs: 5_000 };

/**
 * An admin's uploads get SHORT_UPLOAD_DEADLINES while the fault `upload-deadlines-short-{email}`
 * is on (tests/support/faults.ts; off outside the e2e server), keyed by the admin's email like the
 * admin-check faults.
 */
export function uploadDeadlinesFor(email: string | null): BodyDeadlines | undefined {
  return email && injectedFault(`upload-deadlines-short-${email}`) ? SHORT_UPLOAD_DEADLINES : undefined;
}
