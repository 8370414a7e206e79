import { getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { readMigrations } from '@/lib/db/migrate';
import { insightsArtworksDaily, insightsArtworksMonthly, insightsDaily, insightsMonthly } from '@/lib/db/schema';
import { createTestDatabase, drivers } from '@/tests/support/db';
import {
  monthsOf,
  OTHER_REFERRERS,
  pruneInsights,
  readInsights,
  recordInsights,
  REFERRER_CAP,
  splitRange,
  totalsOf,
  type Day,
  type InsightEvent,
  type Insights,
  type Range,
} from './store';
import { histogram, p75 } from './vitals';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

describe('insights totals', () => {
  it('a batch becomes one row per day and thing counted, however many events it holds', () => {
    const events: InsightEvent[] = [
      { kind: 'view', day: '2026-11-20', path: '/', device: 'phone', referrer: 'instagram.com' },
      { kind: 'view', day: '2026-11-20', path: '/', device: 'phone' },
      { kind: 'view', day: '2026-11-20', path: '/gallery/x/a', device: 'desktop', artworkId: A },
      { kind: 'enquiry', day: '2026-11-20', artworkId: A },
      { kind: 'vital', day: '2026-11-20', path: '/', vital: 'LCP', value: 1200 },
      { kind: 'vital', day: '2026-11-20', path: '/', vital: 'LCP', value: 1300 },
    ];
    const { rows, artworks } = totalsOf(events);
    const count = (kind: string, subject: string) =>
      rows.find((row) => row.kind === kind && row.subject === subject)?.count;
    expect(rows).toHaveLength(6);
    expect(count('view', '/')).toBe(2);
    expect(count('view', '/gallery/x/a')).toBe(1);
    expect(count('device', 'phone')).toBe(2);
    expect(count('referrer', 'instagram.com')).toBe(1);
    expect(artworks).toEqual([{ day: '2026-11-20', artworkId: A, views: 1, enquiries: 1, shares: 0 }]);
    const lcp = rows.find((row) => row.kind === 'vital')!;
    expect(lcp).toMatchObject({ subject: '/', metric: 'LCP', count: 2 });
    expect(lcp.buckets).toEqual(histogram('LCP', [1200, 1300]));
  });
});

describe('a range split into whole months and days', () => {
  it('reads whole months from the monthly totals and only the days around them day by day', () => {
    expect(splitRange({ from: '2025-11-26', to: '2026-11-25' })).toEqual({
      months: { from: '2025-12-01', to: '2026-10-01' },
      days: [
        { from: '2025-11-26', to: '2025-11-30' },
        { from: '2026-11-01', to: '2026-11-25' },
      ],
    });
    // Ends that are a month's first or last day need no days.
    expect(splitRange({ from: '2026-09-01', to: '2026-10-31' })).toEqual({
      months: { from: '2026-09-01', to: '2026-10-01' },
      days: [],
    });
    expect(splitRange({ from: '2024-02-01', to: '2024-02-29' })).toEqual({
      months: { from: '2024-02-01', to: '2024-02-01' },
      days: [],
    });
    expect(splitRange({ from: '2026-09-01', to: '2026-10-30' })).toEqual({
      months: { from: '2026-09-01', to: '2026-09-01' },
      days: [{ from: '2026-10-01', to: '2026-10-30' }],
    });
  });

  it('is all days when no whole month lies inside', () => {
    expect(splitRange({ from: '2026-10-27', to: '2026-11-25' })).toEqual({
      months: null,
      days: [{ from: '2026-10-27', to: '2026-11-25' }],
    });
    expect(splitRange({ from: '2026-11-01', to: '2026-11-29' })).toEqual({
      months: null,
      days: [{ from: '2026-11-01', to: '2026-11-29' }],
    });
    expect(splitRange({ from: '2026-12-31', to: '2027-01-30' })).toEqual({
      months: null,
      days: [{ from: '2026-12-31', to: '2027-01-30' }],
    });
  });
});

/** Four months of traffic, every day different: views on three pages and two paintings, clicks, vitals. */
function seasonOfEvents(): InsightEvent[] {
  const events: InsightEvent[] = [];
  const devices = ['phone', 'tablet', 'desktop'] as const;
  for (let d = 0; d < 125; d++) {
    const day = new Date(Date.UTC(2026, 7, 1) + d * 86_400_000).toISOString().slice(0, 10);
    for (let v = 0; v < 1 + (d % 4); v++) {
      const artworkId = v % 2 ? A : d % 3 ? B : null;
      events.push({
        kind: 'view',
        day,
        path: artworkId ? '/gallery/[collection]/[slug]' : '/',
        device: devices[(d + v) % 3]!,
        referrer: (d + v) % 5 ? null : `site-${v}.example`,
        artworkId,
      });
      events.push({ kind: 'vital', day, path: '/', vital: 'LCP', value: 400 + ((d * 37 + v * 101) % 3000) });
    }
    if (d % 7 === 0) events.push({ kind: 'enquiry', day, artworkId: B });
    if (d % 11 === 0) events.push({ kind: 'share', day, artworkId: A });
  }
  return events;
}

/** What a range should read, counted from the events themselves. */
function expectedOf(events: InsightEvent[], { from, to }: Range): Omit<Insights, 'daily'> {
  const inside = events.filter((event) => event.day >= from && event.day <= to);
  const artworks = new Map<string, { artworkId: string; views: number; enquiries: number; shares: number }>();
  const artwork = (id: string) =>
    artworks.get(id) ?? artworks.set(id, { artworkId: id, views: 0, enquiries: 0, shares: 0 }).get(id)!;
  const referrers = new Map<string, number>();
  const devices = { phone: 0, tablet: 0, desktop: 0 };
  const lcp: number[] = [];
  for (const event of inside) {
    if (event.kind === 'view') {
      devices[event.device] += 1;
      if (event.referrer) referrers.set(event.referrer, (referrers.get(event.referrer) ?? 0) + 1);
      if (event.artworkId) artwork(event.artworkId).views += 1;
    } else if (event.kind === 'vital') lcp.push(event.value);
    else if (event.kind === 'enquiry') artwork(event.artworkId).enquiries += 1;
    else artwork(event.artworkId).shares += 1;
  }
  return {
    artworks: [...artworks.values()].sort((a, b) => b.views - a.views),
    referrers: [...referrers]
      .map(([host, visits]) => ({ host, visits }))
      .sort((a, b) => b.visits - a.visits || a.host.localeCompare(b.host)),
    devices,
    vitals: lcp.length
      ? [{ path: '/', vital: 'LCP', p75: p75('LCP', histogram('LCP', lcp))!, samples: lcp.length }]
      : [],
  };
}

describe.each(drivers)('insights in the database (%s)', (driver) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(driver);
  });
  afterAll(() => db.close());
  beforeEach(() =>
    asSystem(db, 'test-setup', async (sys) => {
      await sys.delete(insightsDaily);
      await sys.delete(insightsMonthly);
      await sys.delete(insightsArtworksDaily);
      await sys.delete(insightsArtworksMonthly);
    }),
  );

  it('adds batches to what is there (counts and histograms), and reads a range back day by day', async () => {
    const lcpDay1 = [900, 1100, 1500, 2600, 3100];
    const lcpDay2 = [800, 4500];
    await recordInsights(db, [
      { kind: 'view', day: '2026-11-20', path: '/', device: 'phone', referrer: 'instagram.com' },
      {
        kind: 'view',
        day: '2026-11-20',
        path: '/gallery/x/a',
        device: 'desktop',
        artworkId: A,
        referrer: 'google.com',
      },
      { kind: 'share', day: '2026-11-20', artworkId: A },
      ...lcpDay1.map((value) => ({
        kind: 'vital' as const,
        day: '2026-11-20',
        path: '/',
        vital: 'LCP' as const,
        value,
      })),
    ]);
    await recordInsights(db, [
      { kind: 'view', day: '2026-11-20', path: '/', device: 'tablet', referrer: 'instagram.com' },
      { kind: 'view', day: '2026-11-22', path: '/gallery/x/b', device: 'phone', artworkId: B },
      { kind: 'view', day: '2026-11-22', path: '/gallery/x/b', device: 'phone', artworkId: B },
      { kind: 'enquiry', day: '2026-11-22', artworkId: B },
      { kind: 'enquiry', day: '2026-11-22', artworkId: A },
      { kind: 'enquiry', day: '2026-11-22', artworkId: B },
      ...lcpDay2.map((value) => ({
        kind: 'vital' as const,
        day: '2026-11-22',
        path: '/',
        vital: 'LCP' as const,
        value,
      })),
      { kind: 'vital', day: '2026-11-22', path: '/', vital: 'CLS', value: 0.02 },
    ]);
    const insights = await readInsights(db, { from: '2026-11-19', to: '2026-11-23' });
    expect(insights.daily).toEqual([
      { day: '2026-11-19', views: 0 },
      { day: '2026-11-20', views: 3 },
      { day: '2026-11-21', views: 0 },
      { day: '2026-11-22', views: 2 },
      { day: '2026-11-23', views: 0 },
    ]);
    expect(insights.artworks).toEqual([
      { artworkId: B, views: 2, enquiries: 2, shares: 0 },
      { artworkId: A, views: 1, enquiries: 1, shares: 1 },
    ]);
    expect(insights.referrers).toEqual([
      { host: 'instagram.com', visits: 2 },
      { host: 'google.com', visits: 1 },
    ]);
    expect(insights.devices).toEqual({ phone: 3, tablet: 1, desktop: 1 });
    const all = [...lcpDay1, ...lcpDay2];
    expect(insights.vitals).toEqual([
      { path: '/', vital: 'LCP', p75: p75('LCP', histogram('LCP', all)), samples: 7 },
      { path: '/', vital: 'CLS', p75: p75('CLS', histogram('CLS', [0.02])), samples: 1 },
    ]);
    // A range holds only its own days.
    const first = await readInsights(db, { from: '2026-11-20', to: '2026-11-20' });
    expect(first.daily).toEqual([{ day: '2026-11-20', views: 3 }]);
    expect(first.artworks).toEqual([{ artworkId: A, views: 1, enquiries: 0, shares: 1 }]);
    expect(first.vitals).toEqual([{ path: '/', vital: 'LCP', p75: p75('LCP', histogram('LCP', lcpDay1)), samples: 5 }]);
  });

  it('a range reads the same totals as its days add up to, its whole months from the monthly totals', async () => {
    const events = seasonOfEvents();
    // In batches as the telemetry buffer writes them, one to a few days each.
    for (let i = 0; i < events.length; i += 23) await recordInsights(db, events.slice(i, i + 23));
    const ranges: Range[] = [
      { from: '2026-08-01', to: '2026-12-03' },
      { from: '2026-08-14', to: '2026-11-20' },
      { from: '2026-09-01', to: '2026-10-31' },
      { from: '2026-10-05', to: '2026-11-03' },
      { from: '2026-09-30', to: '2026-09-30' },
    ];
    for (const range of ranges) {
      const read = await readInsights(db, range);
      const { daily, ...totals } = read;
      expect(totals, `${range.from} to ${range.to}`).toEqual(expectedOf(events, range));
      const viewsOf = (day: Day) => events.filter((event) => event.kind === 'view' && event.day === day).length;
      expect(daily.every(({ day, views }) => views === viewsOf(day))).toBe(true);
    }
    // The whole months come from the monthly totals: with September's days gone, a range
    // holding all of September still counts them.
    await asSystem(db, 'test-setup', async (sys) => {
      await sys.delete(insightsDaily).where(sql`${insightsDaily.day} between '2026-09-01' and '2026-09-30'`);
      await sys
        .delete(insightsArtworksDaily)
        .where(sql`${insightsArtworksDaily.day} between '2026-09-01' and '2026-09-30'`);
    });
    const withMonth = await readInsights(db, { from: '2026-08-14', to: '2026-11-20' });
    expect({ ...withMonth, daily: undefined }).toEqual({
      ...expectedOf(events, { from: '2026-08-14', to: '2026-11-20' }),
      daily: undefined,
    });
  });

  it('the migration moves the artwork counts already there to their table and adds up every month', async () => {
    const events = seasonOfEvents();
    await recordInsights(db, events);
    const tables = [insightsDaily, insightsArtworksDaily, insightsMonthly, insightsArtworksMonthly] as const;
    const contents = () =>
      asSystem(db, 'test-setup', (sys) =>
        Promise.all(
          tables.map((table) =>
            sys
              .select()
              .from(table)
              .orderBy(...Object.values(getTableColumns(table))),
          ),
        ),
      );
    const written = await contents();
    const { rows, artworks } = totalsOf(events);
    expect(written.map((table) => table.length)).toEqual([
      rows.length,
      artworks.length,
      monthsOf({ rows, artworks }).rows.length,
      monthsOf({ rows, artworks }).artworks.length,
    ]);

    // The days as the first Insights release kept them: artworks' counts as rows of
    // insights_daily keyed by the id as text, and no months.
    const legacy = artworks.flatMap(({ day, artworkId, views, enquiries, shares }) =>
      (
        [
          ['artwork_view', views],
          ['enquiry', enquiries],
          ['share', shares],
        ] as const
      )
        .filter(([, n]) => n > 0)
        .map(([kind, n]) => sql`(${day}::date, ${kind}, ${artworkId}, '', ${n}, null)`),
    );
    await asSystem(db, 'test-setup', async (sys) => {
      for (const table of tables.slice(1)) await sys.delete(table);
      await sys.execute(sql`alter table app_private.insights_daily drop constraint insights_daily_kind_check`);
      await sys.execute(
        sql`alter table app_private.insights_daily add constraint insights_daily_kind_check check (kind in ('view', 'artwork_view', 'enquiry', 'share', 'referrer', 'device', 'vital'))`,
      );
      await sys.execute(
        sql`insert into app_private.insights_daily (day, kind, subject, metric, count, buckets) values ${sql.join(legacy, sql`, `)}`,
      );
    });
    const migration = readMigrations().find((m) => m.name === 'insights_monthly')!;
    await db.runner.exec(migration.sql.slice(migration.sql.indexOf('-- The artwork rows already counted')));
    expect(await contents()).toEqual(written);
  });

  it('keeps two years of days and prunes older ones', async () => {
    await recordInsights(db, [
      { kind: 'view', day: '2024-11-24', path: '/', device: 'phone' },
      { kind: 'view', day: '2024-11-25', path: '/', device: 'phone' },
      { kind: 'view', day: '2026-11-25', path: '/', device: 'phone' },
    ]);
    // Each view is two rows (the page and the device).
    expect(await pruneInsights(db, '2026-11-25')).toBe(2);
    const kept = await asSystem(db, 'test-setup', (sys) =>
      sys.selectDistinct({ day: insightsDaily.day }).from(insightsDaily).orderBy(insightsDaily.day),
    );
    expect(kept.map((row) => row.day)).toEqual(['2024-11-25', '2026-11-25']);
    // A month goes once none of its days is kept (November 2024 still has the 25th).
    await recordInsights(db, [{ kind: 'view', day: '2024-10-31', path: '/', device: 'phone' }]);
    expect(await pruneInsights(db, '2026-11-25')).toBe(4);
    const months = await asSystem(db, 'test-setup', (sys) =>
      sys.selectDistinct({ month: insightsMonthly.month }).from(insightsMonthly).orderBy(insightsMonthly.month),
    );
    expect(months.map((row) => row.month)).toEqual(['2024-11-01', '2026-11-01']);
  });

  it('keeps a day’s and a month’s first 100 referring sites by name; a flood of made-up hosts adds visits to "Other sites", not rows', async () => {
    const view = (day: Day, referrer: string): InsightEvent => ({
      kind: 'view',
      day,
      path: '/',
      device: 'desktop',
      referrer,
    });
    await recordInsights(db, [view('2026-11-20', 'instagram.com'), view('2026-11-20', 'instagram.com')]);
    // 3,000 unique hosts in batches of 20 (one telemetry request each), across two days.
    for (let batch = 0; batch < 150; batch++) {
      await recordInsights(
        db,
        Array.from({ length: 20 }, (_, i) =>
          view(batch < 75 ? '2026-11-20' : '2026-11-21', `flood-${batch}-${i}.example`),
        ),
      );
    }
    // A real referrer still counts, by name where it has a row, else under Other sites.
    await recordInsights(db, [view('2026-11-20', 'instagram.com'), view('2026-11-21', 'pinterest.com')]);
    const daily = await asSystem(db, 'test-setup', (sys) =>
      sys
        .select()
        .from(insightsDaily)
        .where(sql`kind = 'referrer'`),
    );
    for (const day of ['2026-11-20', '2026-11-21']) {
      const ofDay = daily.filter((row) => row.day === day);
      expect(ofDay.filter((row) => row.subject !== OTHER_REFERRERS)).toHaveLength(REFERRER_CAP);
      expect(ofDay.reduce((sum, row) => sum + row.count, 0)).toBe(day === '2026-11-20' ? 1_503 : 1_501);
    }
    expect(daily.find((row) => row.day === '2026-11-20' && row.subject === 'instagram.com')?.count).toBe(3);
    expect(daily.find((row) => row.day === '2026-11-21' && row.subject === OTHER_REFERRERS)?.count).toBe(
      1_501 - REFERRER_CAP,
    );
    const monthly = await asSystem(db, 'test-setup', (sys) =>
      sys
        .select()
        .from(insightsMonthly)
        .where(sql`kind = 'referrer'`),
    );
    expect(monthly.filter((row) => row.subject !== OTHER_REFERRERS)).toHaveLength(REFERRER_CAP);
    expect(monthly.reduce((sum, row) => sum + row.count, 0)).toBe(3_004);
    // What the owner reads adds up, and is at most the cap and Other sites a day.
    const read = await readInsights(db, { from: '2026-11-20', to: '2026-11-21' });
    expect(read.referrers.reduce((sum, row) => sum + row.visits, 0)).toBe(3_004);
    expect(read.referrers.find((row) => row.host === 'instagram.com')?.visits).toBe(3);
  });
});
