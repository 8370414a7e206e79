import { inArray } from 'drizzle-orm';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { artworks } from '@/lib/db/schema';
import { BatchBuffer } from '@/lib/log/batch-buffer';
import { artworkSlugOf, type PendingInsight } from './from-telemetry';
import { recordInsights, type InsightEvent } from './store';

export type InsightsBufferOptions = {
  database: () => Promise<Database>;
  maxBuffered?: number;
  batchSize?: number;
  flushMs?: number;
};

/**
 * Counted events wait here and reach app_private.insights_daily together: every `flushMs`, or as
 * soon as a batch is full, as one upsert that adds each day's totals (lib/insights/store.ts). A
 * thousand views a second are a few statements a second, never a row per view. Views and vitals
 * count under the page (lib/insights/from-telemetry.ts pageOf); artwork pages are named by their
 * path, and the batch's slugs are looked up in one query, so a view, enquiry or share counts for
 * the artwork by id (a later rename keeps it). Counting is best effort: a failed write is logged
 * and its events dropped.
 */
export class InsightsBuffer extends BatchBuffer<PendingInsight> {
  constructor(options: InsightsBufferOptions) {
    super({
      what: 'Insights events',
      maxBuffered: options.maxBuffered ?? 20_000,
      batchSize: options.batchSize ?? 5_000,
      flushMs: options.flushMs ?? 2_000,
      async write(batch) {
        const db = await options.database();
        await recordInsights(db, await withArtworks(db, batch));
      },
    });
  }
}

/** The events with their artwork ids: one query for the batch's artwork-page slugs. */
async function withArtworks(db: Database, batch: PendingInsight[]): Promise<InsightEvent[]> {
  const slugs = [
    ...new Set(
      batch
        .map((event) => (event.kind === 'vital' ? null : artworkSlugOf(event.path)))
        .filter((slug): slug is string => slug !== null),
    ),
  ];
  const ids = new Map<string, string>();
  if (slugs.length > 0) {
    const rows = await asSystem(db, 'insights', (sys) =>
      sys.select({ id: artworks.id, slug: artworks.slug }).from(artworks).where(inArray(artworks.slug, slugs)),
    );
    for (const row of rows) ids.set(row.slug, row.id);
  }
  const artworkOf = (path: string) => {
    const slug = artworkSlugOf(path);
    return slug ? (ids.get(slug) ?? null) : null;
  };
  const events: InsightEvent[] = [];
  for (const event of batch) {
    if (event.kind === 'view')
      events.push({
        kind: 'view',
        day: event.day,
        path: event.page,
        referrer: event.referrer,
        device: event.device,
        artworkId: artworkOf(event.path),
      });
    else if (event.kind === 'vital')
      events.push({ kind: 'vital', day: event.day, path: event.page, vital: event.vital, value: event.value });
    else {
      // A click counts for an artwork only: on any other page there is none to name.
      const artworkId = artworkOf(event.path);
      if (artworkId) events.push({ kind: event.kind, day: event.day, artworkId });
    }
  }
  return events;
}
