import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import {
  artworks,
  insightsArtworksDaily,
  insightsArtworksMonthly,
  insightsDaily,
  insightsMonthly,
  logsApp,
} from '@/lib/db/schema';

const insightTables = [insightsDaily, insightsArtworksDaily, insightsMonthly, insightsArtworksMonthly] as const;
import { createTestDatabase, drivers } from '@/tests/support/db';
import { seedDatabase } from '@/lib/seed/seed';

// Counting through the telemetry endpoint, as a browser's telemetry module sends it: views and
// clicks reach the daily totals (by artwork id for artwork pages), never logs_app; visitors who
// ask not to be tracked and bots are not counted at all.
vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
  process.env.SITE_URL = 'https://elena.example';
});
vi.mock('server-only', () => ({}));
const { handleTelemetry } = await import('@/lib/telemetry-intake/handle-telemetry');
const { TelemetryLimiter } = await import('@/lib/telemetry-intake/rate-limit');
const { TelemetryWriteBuffer } = await import('@/lib/telemetry-intake/write-buffer');
const { InsightsBuffer } = await import('./record-buffer');
const { readInsights } = await import('./store');
const { dayFor, insightsFrom, pageOf, PageLoadMemory, PLAUSIBLE_VITALS } = await import('./from-telemetry');

const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const NOW = Date.UTC(2026, 10, 25, 12);
const TODAY = '2026-11-25';

describe('the day a count goes to', () => {
  it('is the browser’s when it is today or yesterday, else the server’s: nothing is backdated further, or dated ahead', () => {
    expect(dayFor(undefined, NOW)).toBe(TODAY);
    expect(dayFor(TODAY, NOW)).toBe(TODAY);
    expect(dayFor('2026-11-24', NOW)).toBe('2026-11-24');
    expect(dayFor('2026-11-23', NOW)).toBe(TODAY);
    expect(dayFor('2026-11-18', NOW)).toBe(TODAY);
    expect(dayFor('2026-11-26', NOW)).toBe(TODAY);
    expect(dayFor('2027-01-01', NOW)).toBe(TODAY);
    // Just after midnight, yesterday is still the day before.
    expect(dayFor('2026-11-24', Date.UTC(2026, 10, 25, 0, 0, 5))).toBe('2026-11-24');
  });

  it('leaves out the owner’s own pages and anything malformed', () => {
    const context = {
      now: NOW,
      siteOrigins: new Set(['https://elena.example']),
      pathOf: (url: string) => new URL(url).pathname,
    };
    const view = (message: string, meta: Record<string, unknown> = {}) => ({
      type: 'insight',
      feature: 'view',
      message,
      meta,
    });
    expect(
      insightsFrom(
        [
          view('/admin'),
          view('/admin/insights'),
          view('/__debug'),
          view('/api/telemetry'),
          view('no-slash'),
          view('/no-such-page'),
          view('/gallery/a/b/c'),
          view('/', { w: 'wide' }),
          view('/', { extra: 1 }),
        ],
        context,
      ),
    ).toEqual([]);
    expect(
      insightsFrom(
        [view('/gallery?page=2', { w: 390, r: 'https://www.pinterest.co.uk/pin/1', d: '2026-11-24' })],
        context,
      ),
    ).toEqual([
      {
        kind: 'view',
        day: '2026-11-24',
        page: '/gallery',
        path: '/gallery',
        referrer: 'pinterest.co.uk',
        device: 'phone',
      },
    ]);
    const vital = (message: string, value: unknown, url = 'https://elena.example/about') => ({
      type: 'metric',
      feature: 'web-vitals',
      message,
      url,
      meta: { value },
    });
    expect(
      insightsFrom(
        [
          vital('LCP', 1834),
          vital('CLS', 0.02),
          vital('LCP', -1),
          vital('LCP', 'slow'),
          vital('FID', 10),
          vital('TTFB', 120),
          vital('LCP', 900, 'https://elena.example/admin'),
        ],
        context,
      ),
    ).toEqual([
      { kind: 'vital', day: TODAY, page: '/about', vital: 'LCP', value: 1834 },
      { kind: 'vital', day: TODAY, page: '/about', vital: 'CLS', value: 0.02 },
    ]);
  });

  it('counts a page load once for each thing: one view, one enquiry and one share per painting, one sample of each vital', () => {
    const context = {
      now: NOW,
      siteOrigins: new Set(['https://elena.example']),
      pathOf: (url: string) => new URL(url).pathname,
    };
    const view = { type: 'insight', feature: 'view', message: '/', meta: { d: TODAY } };
    const enquiry = (path: string) => ({ type: 'insight', feature: 'enquiry', message: path, meta: { d: TODAY } });
    const share = (path: string) => ({ type: 'insight', feature: 'share', message: path, meta: { d: TODAY } });
    const lcp = {
      type: 'metric',
      feature: 'web-vitals',
      message: 'LCP',
      url: 'https://elena.example/',
      meta: { value: 1200 },
    };
    const a = '/gallery/landscapes/a';
    const b = '/gallery/landscapes/b';
    const batch = [
      ...Array(20).fill(view),
      enquiry(a),
      enquiry(a),
      enquiry(b),
      share(a),
      share(a),
      ...Array(20).fill(lcp),
    ];
    const kinds = (counted: ReturnType<typeof insightsFrom>) =>
      counted.map((c) => ('path' in c && c.kind !== 'view' ? `${c.kind} ${c.path}` : c.kind));
    // Without a page-load id: once within the batch.
    expect(kinds(insightsFrom(batch, context))).toEqual([
      'view',
      `enquiry ${a}`,
      `enquiry ${b}`,
      `share ${a}`,
      'vital',
    ]);
    // With one: once across batches too, until another page load.
    const memory = new PageLoadMemory();
    expect(kinds(insightsFrom(batch, { ...context, pageLoad: 'load-1', memory }))).toEqual([
      'view',
      `enquiry ${a}`,
      `enquiry ${b}`,
      `share ${a}`,
      'vital',
    ]);
    expect(insightsFrom(batch, { ...context, pageLoad: 'load-1', memory })).toEqual([]);
    expect(kinds(insightsFrom([view, share(b)], { ...context, pageLoad: 'load-1', memory }))).toEqual([`share ${b}`]);
    expect(kinds(insightsFrom([view], { ...context, pageLoad: 'load-2', memory }))).toEqual(['view']);
  });

  it('drops a vital outside what a real page load gives', () => {
    const context = {
      now: NOW,
      siteOrigins: new Set(['https://elena.example']),
      pathOf: (url: string) => new URL(url).pathname,
    };
    const vital = (message: string, value: number) => [
      { type: 'metric', feature: 'web-vitals', message, url: 'https://elena.example/', meta: { value } },
    ];
    const kept = (message: string, value: number) => insightsFrom(vital(message, value), context).length === 1;
    expect([kept('LCP', 59_000), kept('LCP', 30_001), kept('LCP', 30_000), kept('LCP', 0)]).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect([kept('INP', 10_001), kept('INP', 9_000)]).toEqual([false, true]);
    expect([kept('CLS', 5.01), kept('CLS', 0.8)]).toEqual([false, true]);
    expect(PLAUSIBLE_VITALS).toEqual({ LCP: 30_000, INP: 10_000, CLS: 5 });
  });

  it('remembers page loads for an hour and at most as many as it may hold, the oldest forgotten first', () => {
    const memory = new PageLoadMemory({ ttlMs: 3_600_000, maxLoads: 3 });
    for (const id of ['a', 'b', 'c']) expect(memory.first(id, 'view', NOW)).toBe(true);
    expect(memory.first('a', 'view', NOW + 1_000)).toBe(false);
    expect(memory.first('d', 'view', NOW)).toBe(true);
    expect(memory.size).toBe(3);
    // 'a' was the oldest: forgotten, so it counts again (and pushes out 'b').
    expect(memory.first('a', 'view', NOW)).toBe(true);
    expect(memory.first('c', 'view', NOW)).toBe(false);
    expect(memory.first('c', 'view', NOW + 3_600_001)).toBe(true);
  });

  it('counts under the site’s pages: every artwork page is one page, as are collections (with their numbered pages) and stories', () => {
    expect(
      [
        '/',
        '/gallery',
        '/about/ai-profile',
        '/gallery/landscapes',
        '/gallery/all/page/3',
        '/gallery/landscapes/ditchling-beacon',
        '/blog/a-story',
        '/blog/a-story?x=1',
      ].map(pageOf),
    ).toEqual([
      '/',
      '/gallery',
      '/about/ai-profile',
      '/gallery/[collection]',
      '/gallery/[collection]',
      '/gallery/[collection]/[slug]',
      '/blog/[slug]',
      '/blog/[slug]',
    ]);
  });
});

describe.each(drivers)('counting through /api/telemetry (%s)', (driver) => {
  let db: Database;
  let insights: InstanceType<typeof InsightsBuffer>;
  let logs: InstanceType<typeof TelemetryWriteBuffer>;
  let address = 0;
  let artwork: { id: string; path: string };
  const peer = 'x-peer-test';
  let pageLoads: InstanceType<typeof PageLoadMemory>;
  const send = (events: unknown[], headers: Record<string, string> = {}, pageLoadId?: string) =>
    handleTelemetry(
      new Request('https://elena.example/api/telemetry', {
        method: 'POST',
        headers: {
          'content-type': 'text/plain',
          host: 'elena.example',
          'user-agent': chrome,
          [peer]: `203.0.113.${++address}`,
          ...headers,
        },
        body: JSON.stringify(pageLoadId ? { pageLoadId, events } : { events }),
      }),
      {
        limiter: new TelemetryLimiter(),
        buffer: logs,
        insights,
        pageLoads,
        addressSource: { vercel: false, trustedProxyHops: 0, peerHeader: peer },
        now: () => NOW,
      },
    );
  const view = (path: string, meta: Record<string, unknown>) => ({
    level: 'info',
    type: 'insight',
    feature: 'view',
    message: path,
    meta,
  });
  const click = (feature: 'enquiry' | 'share', path: string) => ({
    level: 'info',
    type: 'insight',
    feature,
    message: path,
    meta: { d: TODAY },
  });

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    await seedDatabase(db, { files: false });
    const [row] = await asSystem(db, 'test-setup', (sys) =>
      sys.select({ id: artworks.id, slug: artworks.slug, category: artworks.category }).from(artworks).limit(1),
    );
    artwork = { id: row!.id, path: `/gallery/${row!.category!.toLowerCase().replace(/\s+/g, '-')}/${row!.slug}` };
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    await asSystem(db, 'test-setup', async (sys) => {
      for (const table of insightTables) await sys.delete(table);
      await sys.delete(logsApp);
    });
    insights = new InsightsBuffer({ database: async () => db });
    pageLoads = new PageLoadMemory();
    logs = new TelemetryWriteBuffer({ database: async () => db, onWritten: () => {} });
  });

  it('counts views, devices, referrers and an artwork’s views, enquiries and shares by id, with no logs_app row', async () => {
    expect((await send([view('/', { w: 1280, r: 'https://www.google.com/', d: TODAY })])).status).toBe(202);
    expect(
      (
        await send([
          view(artwork.path, { w: 390, r: 'https://elena.example/gallery', d: TODAY }),
          click('enquiry', artwork.path),
        ])
      ).status,
    ).toBe(202);
    expect(
      (
        await send([
          view(artwork.path, { w: 800, d: '2026-11-24' }),
          click('share', artwork.path),
          click('share', '/blog'),
        ])
      ).status,
    ).toBe(202);
    await insights.flush();
    await logs.flush();
    const read = await readInsights(db, { from: '2026-11-24', to: TODAY });
    expect(read.daily).toEqual([
      { day: '2026-11-24', views: 1 },
      { day: TODAY, views: 2 },
    ]);
    expect(read.devices).toEqual({ phone: 1, tablet: 1, desktop: 1 });
    expect(read.referrers).toEqual([{ host: 'google.com', visits: 1 }]);
    // The share on /blog names no artwork: not counted.
    expect(read.artworks).toEqual([{ artworkId: artwork.id, views: 2, enquiries: 1, shares: 1 }]);
    expect(await asSystem(db, 'test-setup', (sys) => sys.select().from(logsApp))).toEqual([]);
  });

  it('counts a page load once however often it sends: twenty views and three enquiries, twice over, are one of each; a claimed day before yesterday is today', async () => {
    const forged = [
      ...Array.from({ length: 17 }, () => view(artwork.path, { w: 1280, d: '2026-11-18' })),
      click('enquiry', artwork.path),
      click('enquiry', artwork.path),
      click('enquiry', artwork.path),
    ];
    expect((await send(forged, {}, 'page-load-forged')).status).toBe(202);
    expect((await send(forged, {}, 'page-load-forged')).status).toBe(202);
    await insights.flush();
    const read = await readInsights(db, { from: '2026-11-18', to: TODAY });
    expect(read.daily.filter((day) => day.views > 0)).toEqual([{ day: TODAY, views: 1 }]);
    expect(read.artworks).toEqual([{ artworkId: artwork.id, views: 1, enquiries: 1, shares: 0 }]);
  });

  it('counts web vitals as histograms per page, and still writes them to logs_app as docs/product.md, Telemetry, has it', async () => {
    const lcp = (value: number) => ({
      level: 'info',
      type: 'metric',
      feature: 'web-vitals',
      message: 'LCP',
      url: 'https://elena.example/about',
      meta: { value, rating: 'good' },
    });
    // Three page loads, one sample each (a page load counts one sample of each vital).
    for (const value of [1000, 1400, 2200]) await send([lcp(value)]);
    await insights.flush();
    await logs.flush();
    const read = await readInsights(db, { from: TODAY, to: TODAY });
    expect(read.vitals).toMatchObject([{ path: '/about', vital: 'LCP', samples: 3 }]);
    expect(read.vitals[0]!.p75).toBeGreaterThan(1900);
    expect(read.vitals[0]!.p75).toBeLessThan(2530);
    expect(await asSystem(db, 'test-setup', (sys) => sys.select().from(logsApp))).toHaveLength(3);
  });

  it('does not count browsers that send Sec-GPC: 1 or DNT: 1, or crawlers and headless browsers', async () => {
    const refused: Record<string, string>[] = [
      { 'sec-gpc': '1' },
      { dnt: '1' },
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      {
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      },
    ];
    for (const headers of refused) {
      expect((await send([view('/', { w: 1280, d: TODAY }), click('enquiry', artwork.path)], headers)).status).toBe(
        202,
      );
    }
    await insights.flush();
    expect(
      await asSystem(db, 'test-setup', (sys) => Promise.all(insightTables.map((table) => sys.$count(table)))),
    ).toEqual([0, 0, 0, 0]);
  });
});
