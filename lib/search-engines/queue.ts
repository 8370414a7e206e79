import { asc, count, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/lib/db/port';
import { sitemapChanges, sitemapState } from '@/lib/db/schema';

/**
 * A queued path as read, with the time that identifies this queuing of it, as Postgres wrote it
 * (text keeps the microseconds a JavaScript Date would drop).
 */
export type QueuedChange = { path: string; queuedAt: string };

export type SitemapState = { lastGeneratedAt: Date | null; lastNotifiedAt: Date | null; lastOutcome: string | null };

/** Every queued path, oldest first. */
export function readQueuedChanges(tx: Tx): Promise<QueuedChange[]> {
  return tx
    .select({ path: sitemapChanges.path, queuedAt: sql<string>`${sitemapChanges.queuedAt}::text` })
    .from(sitemapChanges)
    .orderBy(asc(sitemapChanges.queuedAt), asc(sitemapChanges.path));
}

export async function countQueuedChanges(tx: Tx): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(sitemapChanges);
  return row?.n ?? 0;
}

/**
 * Removes the entries a notification sent and IndexNow accepted: each only if it was not queued
 * again since it was read (a write in between keeps its entry for the next run).
 */
export async function removeSentChanges(tx: Tx, sent: QueuedChange[]): Promise<void> {
  if (sent.length === 0) return;
  // One JSON parameter, not two per entry: a run may send tens of thousands.
  await tx.execute(sql`
    delete from app_private.sitemap_changes as c
    using jsonb_to_recordset(${JSON.stringify(sent)}::jsonb) as s(path text, "queuedAt" timestamptz)
    where c.path = s.path and c.queued_at = s."queuedAt"`);
}

export async function readSitemapState(tx: Tx): Promise<SitemapState> {
  const [row] = await tx
    .select({
      lastGeneratedAt: sitemapState.lastGeneratedAt,
      lastNotifiedAt: sitemapState.lastNotifiedAt,
      lastOutcome: sitemapState.lastOutcome,
    })
    .from(sitemapState)
    .where(eq(sitemapState.id, true));
  return row ?? { lastGeneratedAt: null, lastNotifiedAt: null, lastOutcome: null };
}

/** Records a run: when the sitemap was generated and, if a notification was attempted, how it went. */
export async function recordSitemapRun(
  tx: Tx,
  run: { generatedAt: Date; notified?: { at: Date; outcome: string } },
): Promise<void> {
  const values = {
    lastGeneratedAt: run.generatedAt,
    ...(run.notified ? { lastNotifiedAt: run.notified.at, lastOutcome: run.notified.outcome.slice(0, 2000) } : {}),
    updatedAt: sql`now()`,
  };
  await tx
    .insert(sitemapState)
    .values({ id: true, ...values })
    .onConflictDoUpdate({ target: sitemapState.id, set: values });
}
