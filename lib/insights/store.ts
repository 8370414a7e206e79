import { and, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { asSystem } from '@/lib/db/roles';
import { insightsDaily } from '@/lib/db/schema';
import { bucketCount, histogram, p75, VITALS, type Vital } from './vitals';

/**
 * Daily totals for the owner's Insights (app_private.insights_daily). What the site counts
 * arrives as events; a batch of them becomes one row per day and thing counted, written in one
 * statement that adds to what is there. Nothing that identifies a visitor is in an event, and no
 * event is kept.
 */
export type Device = 'phone' | 'tablet' | 'desktop';
export const DEVICES: readonly Device[] = ['phone', 'tablet', 'desktop'];

/** A day as YYYY-MM-DD (UTC). */
export type Day = string;

export type InsightEvent =
  /** A page view: the page it counts under (pageOf), the referring site's host (another site's only), the device class, the artwork shown. */
  | { kind: 'view'; day: Day; path: string; referrer?: string | null; device: Device; artworkId?: string | null }
  | { kind: 'enquiry' | 'share'; day: Day; artworkId: string }
  | { kind: 'vital'; day: Day; path: string; vital: Vital; value: number };

type Kind = (typeof insightsDaily.$inferInsert)['kind'];
type Row = { day: Day; kind: Kind; subject: string; metric: string; count: number; buckets: number[] | null };

/** The rows a batch adds: one per day and thing counted, histograms summed. */
export function totalsOf(events: readonly InsightEvent[]): Row[] {
  const rows = new Map<string, Row>();
  const add = (day: Day, kind: Kind, subject: string, metric = '', sample?: { vital: Vital; value: number }) => {
    const key = `${day}\u0000${kind}\u0000${subject}\u0000${metric}`;
    let row = rows.get(key);
    if (!row) {
      row = { day, kind, subject, metric, count: 0, buckets: sample ? new Array<number>(bucketCount(sample.vital)).fill(0) : null };
      rows.set(key, row);
    }
    row.count += 1;
    if (sample && row.buckets) {
      const one = histogram(sample.vital, [sample.value]);
      for (let i = 0; i < one.length; i++) row.buckets[i]! += one[i]!;
    }
  };
  for (const event of events) {
    if (event.kind === 'view') {
      add(event.day, 'view', event.path);
      add(event.day, 'device', event.device);
      if (event.referrer) add(event.day, 'referrer', event.referrer);
      if (event.artworkId) add(event.day, 'artwork_view', event.artworkId);
    } else if (event.kind === 'vital') {
      add(event.day, 'vital', event.path, event.vital, { vital: event.vital, value: event.value });
    } else {
      add(event.day, event.kind, event.artworkId);
    }
  }
  return [...rows.values()];
}

/** Adds a batch of events to the daily totals, in one statement. */
export async function recordInsights(database: Database, events: readonly InsightEvent[]): Promise<void> {
  const rows = totalsOf(events);
  if (rows.length === 0) return;
  await asSystem(database, 'insights', (db) =>
    db
      .insert(insightsDaily)
      .values(rows)
      .onConflictDoUpdate({
        target: [insightsDaily.day, insightsDaily.kind, insightsDaily.subject, insightsDaily.metric],
        set: {
          count: sql`${insightsDaily.count} + excluded.count`,
          buckets: sql`app_private.add_buckets(${insightsDaily.buckets}, excluded.buckets)`,
        },
      }),
  );
}

/** Two years of days are kept; older ones go (the log-retention job calls this). */
export const INSIGHTS_KEEP_DAYS = 730;

export async function pruneInsights(database: Database, today: Day, keepDays = INSIGHTS_KEEP_DAYS): Promise<number> {
  const gone = await asSystem(database, 'insights', (db) =>
    db
      .delete(insightsDaily)
      .where(lt(insightsDaily.day, sql`(${today}::date - ${keepDays}::int)`))
      .returning({ day: insightsDaily.day }),
  );
  return gone.length;
}

export type Range = { from: Day; to: Day };

export type Insights = {
  /** Views per day, every day of the range (0 where none). */
  daily: { day: Day; views: number }[];
  /** Artwork ids by views and by enquiries, most first (shares beside each). */
  artworks: { artworkId: string; views: number; enquiries: number; shares: number }[];
  referrers: { host: string; visits: number }[];
  devices: Record<Device, number>;
  /** Per page and vital: p75 of the range's samples and how many there were. */
  vitals: { path: string; vital: Vital; p75: number; samples: number }[];
};

/** Everything the Insights screen shows for a range of days (both ends included). */
export async function readInsights(database: Database, { from, to }: Range): Promise<Insights> {
  return asSystem(database, 'insights', async (db) => {
    const inRange = and(gte(insightsDaily.day, from), lte(insightsDaily.day, to));
    const total = sql<number>`sum(${insightsDaily.count})::bigint`.mapWith(Number);
    const [daily, counted, vitalRows] = await Promise.all([
      db
        .select({ day: sql<Day>`d::date::text`, views: sql<number>`coalesce(sum(${insightsDaily.count}), 0)::bigint`.mapWith(Number) })
        .from(sql`generate_series(${from}::date, ${to}::date, interval '1 day') as d`)
        .leftJoin(insightsDaily, and(eq(insightsDaily.day, sql`d::date`), eq(insightsDaily.kind, 'view')))
        .groupBy(sql`d`)
        .orderBy(sql`d`),
      db
        .select({ kind: insightsDaily.kind, subject: insightsDaily.subject, total })
        .from(insightsDaily)
        .where(and(inRange, sql`${insightsDaily.kind} in ('artwork_view', 'enquiry', 'share', 'referrer', 'device')`))
        .groupBy(insightsDaily.kind, insightsDaily.subject)
        .orderBy(desc(total)),
      db
        .select({ path: insightsDaily.subject, vital: insightsDaily.metric, buckets: insightsDaily.buckets })
        .from(insightsDaily)
        .where(and(inRange, eq(insightsDaily.kind, 'vital'))),
    ]);

    const artworks = new Map<string, { artworkId: string; views: number; enquiries: number; shares: number }>();
    const artwork = (id: string) => artworks.get(id) ?? artworks.set(id, { artworkId: id, views: 0, enquiries: 0, shares: 0 }).get(id)!;
    const referrers: Insights['referrers'] = [];
    const devices: Record<Device, number> = { phone: 0, tablet: 0, desktop: 0 };
    for (const { kind, subject, total: n } of counted) {
      if (kind === 'artwork_view') artwork(subject).views += n;
      else if (kind === 'enquiry') artwork(subject).enquiries += n;
      else if (kind === 'share') artwork(subject).shares += n;
      else if (kind === 'referrer') referrers.push({ host: subject, visits: n });
      else if (kind === 'device' && subject in devices) devices[subject as Device] += n;
    }

    // Histograms add up across days; p75 is read from the sum.
    const summed = new Map<string, { path: string; vital: Vital; buckets: number[] }>();
    for (const row of vitalRows) {
      if (!isVital(row.vital) || !row.buckets) continue;
      const key = `${row.path}\u0000${row.vital}`;
      const entry = summed.get(key) ?? summed.set(key, { path: row.path, vital: row.vital, buckets: new Array<number>(bucketCount(row.vital)).fill(0) }).get(key)!;
      row.buckets.forEach((n, i) => (entry.buckets[i] = (entry.buckets[i] ?? 0) + n));
    }
    const vitals = [...summed.values()]
      .map(({ path, vital, buckets }) => ({ path, vital, p75: p75(vital, buckets)!, samples: buckets.reduce((sum, n) => sum + n, 0) }))
      .filter((row) => row.samples > 0)
      .sort((a, b) => b.samples - a.samples || a.path.localeCompare(b.path) || VITALS.indexOf(a.vital) - VITALS.indexOf(b.vital));

    return {
      daily,
      artworks: [...artworks.values()].sort((a, b) => b.views - a.views || b.enquiries - a.enquiries || a.artworkId.localeCompare(b.artworkId)),
      referrers,
      devices,
      vitals,
    };
  });
}

function isVital(value: string): value is Vital {
  return (VITALS as readonly string[]).includes(value);
}
