import type { BodyDeadlines } from '@/lib/http/read-capped';

/**
 * The request path's test seams, as production builds have them: they do nothing. Builds made
 * for the browser suites and the cache durability test (E2E_SEAMS=1 when `next build` runs)
 * load tests/support/seams.ts in this module's place instead (next.config.ts, turbopack
 * resolveAlias), whose faults a test switches on at run time (tests/support/faults.ts). So no
 * test code is in a production bundle, and no production request checks for a fault.
 */

/** Whether the named fault is on: never, in production. */
export function injectedFault(name: string): boolean {
  void name;
  return false;
}

/** Waits while the named fault is on: never, in production. */
export async function heldByFault(name: string): Promise<void> {
  void name;
}

/** A save's check for its injected failure (SaveDeps.beforeWrite): none, in production. */
export function saveFaultFor(fields: unknown): () => void {
  void fields;
  return () => {};
}

/** The day Insights counts as today (YYYY-MM-DD, UTC): undefined, the clock's, in production. */
export function insightsToday(): string | undefined {
  return undefined;
}

/** How long this admin's upload body may take: undefined, the real deadlines, in production. */
export function uploadDeadlinesFor(email: string | null): BodyDeadlines | undefined {
  void email;
  return undefined;
}
