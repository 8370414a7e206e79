import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { asSystem } from '@/lib/db/roles';
import { insightsDaily } from '@/lib/db/schema';
import { createTestDatabase, drivers } from '@/lib/db/testing';
import { pruneInsights, readInsights, recordInsights, totalsOf, type InsightEvent } from './store';
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
    const rows = totalsOf(events);
    const count = (kind: string, subject: string) => rows.find((row) => row.kind === kind && row.subject === subject)?.count;
    expect(rows).toHaveLength(8);
    expect(count('view', '/')).toBe(2);
    expect(count('device', 'phone')).toBe(2);
    expect(count('referrer', 'instagram.com')).toBe(1);
    expect(count('artwork_view', A)).toBe(1);
    expect(count('enquiry', A)).toBe(1);
    const lcp = rows.find((row) => row.kind === 'vital')!;
    expect(lcp).toMatchObject({ subject: '/', metric: 'LCP', count: 2 });
    expect(lcp.buckets).toEqual(histogram('LCP', [1200, 1300]));
  });
});

describe.each(drivers)('insights in the database (%s)', (driver) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(driver);
  });
  afterAll(() => db.close());
  beforeEach(() => asSystem(db, 'test-setup', (sys) => sys.delete(insightsDaily)));

  it('adds batches to what is there (counts and histograms), and reads a range back day by day', async () => {
    const lcpDay1 = [900, 1100, 1500, 2600, 3100];
    const lcpDay2 = [800, 4500];
    await recordInsights(db, [
      { kind: 'view', day: '2026-11-20', path: '/', device: 'phone', referrer: 'instagram.com' },
      { kind: 'view', day: '2026-11-20', path: '/gallery/x/a', device: 'desktop', artworkId: A, referrer: 'google.com' },
      { kind: 'share', day: '2026-11-20', artworkId: A },
      ...lcpDay1.map((value) => ({ kind: 'vital' as const, day: '2026-11-20', path: '/', vital: 'LCP' as const, value })),
    ]);
    await recordInsights(db, [
      { kind: 'view', day: '2026-11-20', path: '/', device: 'tablet', referrer: 'instagram.com' },
      { kind: 'view', day: '2026-11-22', path: '/gallery/x/b', device: 'phone', artworkId: B },
      { kind: 'view', day: '2026-11-22', path: '/gallery/x/b', device: 'phone', artworkId: B },
      { kind: 'enquiry', day: '2026-11-22', artworkId: B },
      { kind: 'enquiry', day: '2026-11-22', artworkId: A },
      { kind: 'enquiry', day: '2026-11-22', artworkId: B },
      ...lcpDay2.map((value) => ({ kind: 'vital' as const, day: '2026-11-22', path: '/', vital: 'LCP' as const, value })),
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

  it('keeps two years of days and prunes older ones', async () => {
    await recordInsights(db, [
      { kind: 'view', day: '2024-11-24', path: '/', device: 'phone' },
      { kind: 'view', day: '2024-11-25', path: '/', device: 'phone' },
      { kind: 'view', day: '2026-11-25', path: '/', device: 'phone' },
    ]);
    // Each view is two rows (the page and the device).
    expect(await pruneInsights(db, '2026-11-25')).toBe(2);
    const kept = await asSystem(db, 'test-setup', (sys) => sys.selectDistinct({ day: insightsDaily.day }).from(insightsDaily).orderBy(insightsDaily.day));
    expect(kept.map((row) => row.day)).toEqual(['2024-11-25', '2026-11-25']);
  });
});
