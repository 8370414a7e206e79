import { inArray } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { asSystem } from '@/lib/db/roles';
import { artworks } from '@/lib/db/schema';
import { logger } from '@/lib/log/logger';
import { artworkSlugOf, type PendingInsight } from './from-telemetry';
import { recordInsights, type InsightEvent } from './store';

export type InsightsBufferOptions = {
  database: () => Promise<Database>;
  /** Events held at most; beyond, new ones are dropped (counting is best effort). */
  maxBuffered?: number;
  /** Events at which a flush starts at once instead of waiting for the timer. */
  batchSize?: number;
  flushMs?: number;
};

/**
 * Counted events wait here and reach app_private.insights_daily together: every `flushMs`, or as
 * soon as a batch is full, as one upsert that adds each day's totals (lib/insights/store.ts). A
 * thousand views a second are a few statements a second, never a row per view. Views and vitals
 * count under the page (lib/insights/from-telemetry.ts pageOf); artwork pages are named by their path; the batch's slugs are looked up in one query, so a view, enquiry or
 * share counts for the artwork by id (a later rename keeps it). One write at a time; a failed
 * one is logged and its events dropped.
 */
export class InsightsBuffer {
  private pending: PendingInsight[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private readonly stats = { counted: 0, dropped: 0, failed: 0 };
  private readonly maxBuffered: number;
  private readonly batchSize: number;
  private readonly flushMs: number;

  constructor(private readonly options: InsightsBufferOptions) {
    this.maxBuffered = options.maxBuffered ?? 20_000;
    this.batchSize = options.batchSize ?? 5_000;
    this.flushMs = options.flushMs ?? 2_000;
  }

  push(events: readonly PendingInsight[]): void {
    if (events.length === 0) return;
    if (this.pending.length + events.length > this.maxBuffered) {
      this.stats.dropped += events.length;
      return;
    }
    this.pending.push(...events);
    if (this.pending.length >= this.batchSize) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushMs).unref();
  }

  /** Writes everything pending so far (resolves once written or failed). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.flushing) await this.flushing;
    if (this.pending.length === 0) return;
    const batch = this.pending.splice(0);
    this.flushing = this.write(batch).finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  private async write(batch: PendingInsight[]): Promise<void> {
    try {
      const db = await this.options.database();
      await recordInsights(db, await withArtworks(db, batch));
      this.stats.counted += batch.length;
    } catch (error) {
      this.stats.failed += batch.length;
      logger.error({ err: error, feature: 'insights', events: batch.length }, 'Insights could not be counted');
    }
  }

  snapshot() {
    return { ...this.stats, pending: this.pending.length };
  }
}

/** The events with their artwork ids: one query for the batch's artwork-page slugs. */
async function withArtworks(db: Database, batch: PendingInsight[]): Promise<InsightEvent[]> {
  const slugs = [...new Set(batch.map((event) => (event.kind === 'vital' ? null : artworkSlugOf(event.path))).filter((slug): slug is string => slug !== null))];
  const ids = new Map<string, string>();
  if (slugs.length > 0) {
    const rows = await asSystem(db, 'insights', (sys) => sys.select({ id: artworks.id, slug: artworks.slug }).from(artworks).where(inArray(artworks.slug, slugs)));
    for (const row of rows) ids.set(row.slug, row.id);
  }
  const artworkOf = (path: string) => {
    const slug = artworkSlugOf(path);
    return slug ? (ids.get(slug) ?? null) : null;
  };
  const events: InsightEvent[] = [];
  for (const event of batch) {
    if (event.kind === 'view') events.push({ kind: 'view', day: event.day, path: event.page, referrer: event.referrer, device: event.device, artworkId: artworkOf(event.path) });
    else if (event.kind === 'vital') events.push({ kind: 'vital', day: event.day, path: event.page, vital: event.vital, value: event.value });
    else {
      // A click counts for an artwork only: on any other page there is none to name.
      const artworkId = artworkOf(event.path);
      if (artworkId) events.push({ kind: event.kind, day: event.day, artworkId });
    }
  }
  return events;
}
