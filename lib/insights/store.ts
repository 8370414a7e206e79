import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { insightsArtworksDaily, insightsArtworksMonthly, insightsDaily, insightsMonthly } from '@/lib/db/schema';
import { addDays } from './range';
import { bucketCount, bucketOf, p75, VITALS, type Vital } from './vitals';

/**
 * Daily and monthly totals for the owner's Insights. What the site counts arrives as events; a
 * batch of them becomes one row per day and thing counted (app_private.insights_daily), one per
 * day and artwork (insights_artworks_daily: views, enquiries and shares of a painting, by id), and
 * the same per month (insights_monthly, insights_artworks_monthly, which long ranges read), written
 * in one transaction that adds to what is there. Nothing that identifies a visitor is in an
 * event, and no event is kept.
 */
export type Device = 'phone' | 'tablet' | 'desktop';
export const DEVICES: readonly Device[] = ['phone', 'tablet', 'desktop'];

/** A day as YYYY-MM-DD (UTC). */
export type { Day, Range } from './range';
import type { Day, Range } from './range';

export type InsightEvent =
  /** A page view: the page it counts under (pageOf), the referring site's host (another site's only), the device class, the artwork shown. */
  | { kind: 'view'; day: Day; path: string; referrer?: string | null; device: Device; artworkId?: string | null }
  | { kind: 'enquiry' | 'share'; day: Day; artworkId: string }
  | { kind: 'vital'; day: Day; path: string; vital: Vital; value: number };

type Kind = (typeof insightsDaily.$inferInsert)['kind'];
/** A day's (or, in monthsOf, a month's) count of one thing: a page's views, a referrer's, a device's, or a page's vital samples. */
type Row = { day: Day; kind: Kind; subject: string; metric: string; count: number; buckets: number[] | null };
/** A day's (or month's) counts of one artwork. */
type ArtworkRow = { day: Day; artworkId: string; views: number; enquiries: number; shares: number };
export type Totals = { rows: Row[]; artworks: ArtworkRow[] };

/** What a batch adds: one row per day and thing counted, histograms summed, and one per day and artwork. */
export function totalsOf(events: readonly InsightEvent[]): Totals {
  const rows = new Map<string, Row>();
  const artworks = new Map<string, ArtworkRow>();
  const add = (day: Day, kind: Kind, subject: string, metric = '', sample?: { vital: Vital; value: number }) => {
    const key = `${day}\u0000${kind}\u0000${subject}\u0000${metric}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        day,
        kind,
        subject,
        metric,
        count: 0,
        buckets: sample ? new Array<number>(bucketCount(sample.vital)).fill(0) : null,
      };
      rows.set(key, row);
    }
    row.count += 1;
    if (sample && row.buckets) row.buckets[bucketOf(sample.vital, sample.value)]! += 1;
  };
  const artwork = (day: Day, artworkId: string) => {
    const key = `${day}\u0000${artworkId}`;
    return artworks.get(key) ?? artworks.set(key, { day, artworkId, views: 0, enquiries: 0, shares: 0 }).get(key)!;
  };
  for (const event of events) {
    if (event.kind === 'view') {
      add(event.day, 'view', event.path);
      add(event.day, 'device', event.device);
      if (event.referrer) add(event.day, 'referrer', event.referrer);
      if (event.artworkId) artwork(event.day, event.artworkId).views += 1;
    } else if (event.kind === 'vital') {
      add(event.day, 'vital', event.path, event.vital, { vital: event.vital, value: event.value });
    } else if (event.kind === 'enquiry') {
      artwork(event.day, event.artworkId).enquiries += 1;
    } else {
      artwork(event.day, event.artworkId).shares += 1;
    }
  }
  return { rows: [...rows.values()], artworks: [...artworks.values()] };
}

const monthOf = (day: Day) => `${day.slice(0, 7)}-01`;

/** The same totals per month (the month's first day in `day`): counts and histograms added up. */
export function monthsOf({ rows, artworks }: Totals): Totals {
  const months = new Map<string, Row>();
  for (const row of rows) {
    const month = monthOf(row.day);
    const key = `${month}\u0000${row.kind}\u0000${row.subject}\u0000${row.metric}`;
    const total = months.get(key);
    if (!total) months.set(key, { ...row, day: month, buckets: row.buckets && [...row.buckets] });
    else {
      total.count += row.count;
      row.buckets?.forEach((n, i) => (total.buckets![i] = (total.buckets![i] ?? 0) + n));
    }
  }
  const artworkMonths = new Map<string, ArtworkRow>();
  for (const row of artworks) {
    const month = monthOf(row.day);
    const key = `${month}\u0000${row.artworkId}`;
    const total = artworkMonths.get(key);
    if (!total) artworkMonths.set(key, { ...row, day: month });
    else {
      total.views += row.views;
      total.enquiries += row.enquiries;
      total.shares += row.shares;
    }
  }
  return { rows: [...months.values()], artworks: [...artworkMonths.values()] };
}

/** Rows in key order, so two servers adding overlapping batches lock them in the same order. */
const inKeyOrder = <T extends { day: Day }>(rows: T[], key: (row: T) => string) =>
  rows.sort((a, b) => a.day.localeCompare(b.day) || key(a).localeCompare(key(b)));
const rowKey = (row: Row) => `${row.kind}\u0000${row.subject}\u0000${row.metric}`;

/**
 * Referring sites a day (and a month) keeps by name: the first REFERRER_CAP it meets; visits
 * from any other count under OTHER_REFERRERS. A referrer is whatever a browser says, so without
 * a cap a flood of made-up hosts adds rows without end, and every Insights read sums them.
 */
export const REFERRER_CAP = 100;
/** The referrer row of the visits from sites beyond the cap (no host has a space). */
export const OTHER_REFERRERS = 'Other sites';

type Period =
  | { table: typeof insightsDaily; column: typeof insightsDaily.day }
  | { table: typeof insightsMonthly; column: typeof insightsMonthly.month };

/** `rows` with each referrer beyond its period's cap counted as OTHER_REFERRERS instead. */
async function capReferrers(db: Db, { table, column }: Period, rows: Row[]): Promise<Row[]> {
  const periods = [
    ...new Set(rows.filter((row) => row.kind === 'referrer' && row.subject !== OTHER_REFERRERS).map((row) => row.day)),
  ];
  if (periods.length === 0) return rows;
  const stored = await db
    .select({ period: sql<string>`${column}::text`, subject: table.subject })
    .from(table)
    .where(and(eq(table.kind, 'referrer'), inArray(column, periods)));
  const known = new Map(
    periods.map((period) => [
      period,
      new Set(
        stored.filter((row) => row.period === period && row.subject !== OTHER_REFERRERS).map((row) => row.subject),
      ),
    ]),
  );
  const out = new Map<string, Row>();
  // The most-counted of the batch first, where slots are few.
  for (const row of [...rows].sort((a, b) => b.count - a.count)) {
    let subject = row.subject;
    if (row.kind === 'referrer' && subject !== OTHER_REFERRERS) {
      const names = known.get(row.day)!;
      if (!names.has(subject)) {
        if (names.size < REFERRER_CAP) names.add(subject);
        else subject = OTHER_REFERRERS;
      }
    }
    const key = `${row.day}\u0000${row.kind}\u0000${subject}\u0000${row.metric}`;
    const merged = out.get(key);
    if (merged) merged.count += row.count;
    else out.set(key, { ...row, subject });
  }
  return [...out.values()];
}

/** Adds a batch of events to the daily totals and the monthly ones, in one transaction. */
export async function recordInsights(database: Database, events: readonly InsightEvent[]): Promise<void> {
  const days = totalsOf(events);
  if (days.rows.length === 0 && days.artworks.length === 0) return;
  const months = monthsOf(days);
  await asSystem(database, 'insights', async (db) => {
    if (days.rows.length > 0) {
      const dayRows = await capReferrers(db, { table: insightsDaily, column: insightsDaily.day }, days.rows);
      const monthRows = await capReferrers(db, { table: insightsMonthly, column: insightsMonthly.month }, months.rows);
      await db
        .insert(insightsDaily)
        .values(inKeyOrder(dayRows, rowKey))
        .onConflictDoUpdate({
          target: [insightsDaily.day, insightsDaily.kind, insightsDaily.subject, insightsDaily.metric],
          set: {
            count: sql`${insightsDaily.count} + excluded.count`,
            buckets: sql`app_private.add_buckets(${insightsDaily.buckets}, excluded.buckets)`,
          },
        });
      await db
        .insert(insightsMonthly)
        .values(inKeyOrder(monthRows, rowKey).map(({ day, ...row }) => ({ ...row, month: day })))
        .onConflictDoUpdate({
          target: [insightsMonthly.month, insightsMonthly.kind, insightsMonthly.subject, insightsMonthly.metric],
          set: {
            count: sql`${insightsMonthly.count} + excluded.count`,
            buckets: sql`app_private.add_buckets(${insightsMonthly.buckets}, excluded.buckets)`,
          },
        });
    }
    if (days.artworks.length > 0) {
      const sums = (table: typeof insightsArtworksDaily | typeof insightsArtworksMonthly) => ({
        views: sql`${table.views} + excluded.views`,
        enquiries: sql`${table.enquiries} + excluded.enquiries`,
        shares: sql`${table.shares} + excluded.shares`,
      });
      await db
        .insert(insightsArtworksDaily)
        .values(inKeyOrder(days.artworks, (row) => row.artworkId))
        .onConflictDoUpdate({
          target: [insightsArtworksDaily.day, insightsArtworksDaily.artworkId],
          set: sums(insightsArtworksDaily),
        });
      await db
        .insert(insightsArtworksMonthly)
        .values(inKeyOrder(months.artworks, (row) => row.artworkId).map(({ day, ...row }) => ({ ...row, month: day })))
        .onConflictDoUpdate({
          target: [insightsArtworksMonthly.month, insightsArtworksMonthly.artworkId],
          set: sums(insightsArtworksMonthly),
        });
    }
  });
}

/** Two years of days are kept; older ones go (the log-retention job calls this). */
export const INSIGHTS_KEEP_DAYS = 730;

export async function pruneInsights(database: Database, today: Day, keepDays = INSIGHTS_KEEP_DAYS): Promise<number> {
  return asSystem(database, 'insights', async (db) => {
    const cutoff = sql`(${today}::date - ${keepDays}::int)`;
    // A month goes once none of its days is kept.
    const cutoffMonth = sql`date_trunc('month', ${cutoff})::date`;
    const gone = await Promise.all([
      db.delete(insightsDaily).where(lt(insightsDaily.day, cutoff)).returning({ day: insightsDaily.day }),
      db
        .delete(insightsArtworksDaily)
        .where(lt(insightsArtworksDaily.day, cutoff))
        .returning({ day: insightsArtworksDaily.day }),
      db
        .delete(insightsMonthly)
        .where(lt(insightsMonthly.month, cutoffMonth))
        .returning({ month: insightsMonthly.month }),
      db
        .delete(insightsArtworksMonthly)
        .where(lt(insightsArtworksMonthly.month, cutoffMonth))
        .returning({ month: insightsArtworksMonthly.month }),
    ]);
    return gone.reduce((sum, rows) => sum + rows.length, 0);
  });
}

/**
 * A range as the whole months inside it (read from the monthly totals) and the days before and
 * after them (from the daily ones); a range without a whole month is all days.
 */
export function splitRange({ from, to }: Range): { months: Range | null; days: Range[] } {
  const nextMonth = (month: Day) => monthOf(addDays(month, 31));
  // The first whole month starts on `from` if that is a 1st, else on the next month's 1st; the
  // whole months end where the day after `to` starts a month, else at `to`'s month.
  const firstMonth = from === monthOf(from) ? from : nextMonth(monthOf(from));
  const dayAfter = addDays(to, 1);
  const afterMonths = dayAfter === monthOf(dayAfter) ? dayAfter : monthOf(to);
  if (firstMonth >= afterMonths) return { months: null, days: [{ from, to }] };
  const days: Range[] = [];
  if (from < firstMonth) days.push({ from, to: addDays(firstMonth, -1) });
  if (afterMonths <= to) days.push({ from: afterMonths, to });
  return { months: { from: firstMonth, to: monthOf(addDays(afterMonths, -1)) }, days };
}

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
    const { months, days } = splitRange({ from, to });
    /** The range's rows: its days' totals (`daily`) and its whole months' (`monthly`) together. */
    const union = (daily: (span: Range) => SQL, monthly: (span: Range) => SQL) =>
      sql`(${sql.join([...days.map(daily), ...(months ? [monthly(months)] : [])], sql` union all `)}) as t`;
    const totals = (kinds: SQL) =>
      union(
        (span) =>
          sql`select kind, subject, metric, count, buckets from ${insightsDaily} where day between ${span.from}::date and ${span.to}::date and ${kinds}`,
        (span) =>
          sql`select kind, subject, metric, count, buckets from ${insightsMonthly} where month between ${span.from}::date and ${span.to}::date and ${kinds}`,
      );
    const artworkTotals = union(
      (span) =>
        sql`select artwork_id, views, enquiries, shares from ${insightsArtworksDaily} where day between ${span.from}::date and ${span.to}::date`,
      (span) =>
        sql`select artwork_id, views, enquiries, shares from ${insightsArtworksMonthly} where month between ${span.from}::date and ${span.to}::date`,
    );
    const sum = (column: string) =>
      sql<number>`sum(${sql.identifier('t')}.${sql.identifier(column)})::bigint`.mapWith(Number);
    const [daily, counted, artworks, vitalJson] = await Promise.all([
      db
        .select({
          day: sql<Day>`d::date::text`,
          views: sql<number>`coalesce(sum(${insightsDaily.count}), 0)::bigint`.mapWith(Number),
        })
        .from(sql`generate_series(${from}::date, ${to}::date, interval '1 day') as d`)
        .leftJoin(insightsDaily, and(eq(insightsDaily.day, sql`d::date`), eq(insightsDaily.kind, 'view')))
        .groupBy(sql`d`)
        .orderBy(sql`d`),
      db
        .select({ kind: sql<Kind>`t.kind`, subject: sql<string>`t.subject`, total: sum('count') })
        .from(totals(sql`kind in ('referrer', 'device')`))
        .groupBy(sql`t.kind, t.subject`)
        .orderBy(sql`sum(t.count) desc, t.subject`),
      db
        .select({
          artworkId: sql<string>`t.artwork_id::text`,
          views: sum('views'),
          enquiries: sum('enquiries'),
          shares: sum('shares'),
        })
        .from(artworkTotals)
        .groupBy(sql`t.artwork_id`)
        .orderBy(sql`sum(t.views) desc, sum(t.enquiries) desc, t.artwork_id::text`),
      // One row of JSON rather than a row per day or month, page and vital (a year is thousands
      // of rows of 60-number arrays, whose transfer cost PGlite three times what the JSON does).
      db
        .select({ json: sql<string>`coalesce(json_agg(json_build_array(t.subject, t.metric, t.buckets)), '[]')::text` })
        .from(totals(sql`kind = 'vital'`)),
    ]);
    const vitalRows = (JSON.parse(vitalJson[0]?.json ?? '[]') as [string, string, number[] | null][]).map(
      ([path, vital, buckets]) => ({ path, vital, buckets }),
    );

    const referrers: Insights['referrers'] = [];
    const devices: Record<Device, number> = { phone: 0, tablet: 0, desktop: 0 };
    for (const { kind, subject, total: n } of counted) {
      if (kind === 'referrer') referrers.push({ host: subject, visits: n });
      else if (kind === 'device' && subject in devices) devices[subject as Device] += n;
    }

    // Histograms add up across days; p75 is read from the sum.
    const summed = new Map<string, { path: string; vital: Vital; buckets: number[] }>();
    for (const row of vitalRows) {
      if (!isVital(row.vital) || !row.buckets) continue;
      const key = `${row.path}\u0000${row.vital}`;
      const entry =
        summed.get(key) ??
        summed
          .set(key, { path: row.path, vital: row.vital, buckets: new Array<number>(bucketCount(row.vital)).fill(0) })
          .get(key)!;
      row.buckets.forEach((n, i) => (entry.buckets[i] = (entry.buckets[i] ?? 0) + n));
    }
    const vitals = [...summed.values()]
      .map(({ path, vital, buckets }) => ({
        path,
        vital,
        p75: p75(vital, buckets)!,
        samples: buckets.reduce((sum, n) => sum + n, 0),
      }))
      .filter((row) => row.samples > 0)
      .sort(
        (a, b) =>
          b.samples - a.samples || a.path.localeCompare(b.path) || VITALS.indexOf(a.vital) - VITALS.indexOf(b.vital),
      );

    return {
      daily,
      artworks,
      referrers,
      devices,
      vitals,
    };
  });
}

function isVital(value: string): value is Vital {
  return (VITALS as readonly string[]).includes(value);
}
