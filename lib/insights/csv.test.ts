import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import type { Claims } from '@/lib/db/roles';
import { asSystem } from '@/lib/db/roles';
import { artworks } from '@/lib/db/schema';
import { createTestDatabase, drivers, testAccount } from '@/tests/support/db';
import { csvRows } from '@/tests/support/csv';
import { csvField, csvFileName, insightsCsv, toCsv } from './csv';
import { readInsightsScreen } from './read';
import { readInsights, recordInsights } from './store';

vi.mock('server-only', () => ({}));

describe('the Insights CSV', () => {
  it('quotes every field, doubling its quotes (RFC 4180): one field whatever separator a locale uses', () => {
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('Sea, at dusk')).toBe('"Sea, at dusk"');
    expect(csvField('Sea; at dusk')).toBe('"Sea; at dusk"');
    expect(csvField('The "Blue" Hour')).toBe('"The ""Blue"" Hour"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(12)).toBe('"12"');
    expect(csvField(-3)).toBe('"-3"');
  });

  it('puts a single quote before text a spreadsheet would run as a formula, at the start and after any separator', () => {
    expect(csvField('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvField('+44 20')).toBe(`"'+44 20"`);
    expect(csvField('-1+1')).toBe(`"'-1+1"`);
    expect(csvField('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvField('\t=1')).toBe(`"'\t'=1"`);
    expect(csvField('\r=1')).toBe(`"'\r'=1"`);
    // A referrer's host as the review sent it: a semicolon locale would split it there.
    expect(csvField('x;=1+1')).toBe(`"x;'=1+1"`);
    expect(csvField('x,+1|@cmd')).toBe(`"x,'+1|'@cmd"`);
    expect(csvField('first\n-2')).toBe(`"first\n'-2"`);
    expect(csvField('a=b')).toBe('"a=b"');
    expect(csvField('a-b+c')).toBe('"a-b+c"');
  });

  it('writes rows with CRLF line ends that read back as written', () => {
    const rows = [
      ['title', 'views'],
      ['Sea, "calm"\r\nat night', 3],
    ];
    const text = toCsv(rows);
    expect(text).toBe('"title","views"\r\n"Sea, ""calm""\r\nat night","3"\r\n');
    expect(csvRows(text)).toEqual([
      ['title', 'views'],
      ['Sea, "calm"\r\nat night', '3'],
    ]);
  });

  it('names the file by section and range', () => {
    expect(csvFileName('daily', { from: '2026-03-01', to: '2026-03-30' })).toBe(
      'insights-daily-2026-03-01-to-2026-03-30.csv',
    );
  });
});

describe.each(drivers)('the Insights CSV against the store (%s)', (driver) => {
  let db: Database;
  let claims: Claims;
  let kept: string;
  const gone = '99999999-9999-4999-8999-999999999999';
  const range = { from: '2026-03-01', to: '2026-03-07' };

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    claims = await testAccount(db, 'insights-csv@example.com', { admin: true });
    const [row] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(artworks)
        .values({
          title: '=Tide, "low"',
          slug: 'tide-low',
          category: 'Seascapes',
          imageAlt: 'A watercolour',
          status: 'published',
        })
        .returning({ id: artworks.id }),
    );
    kept = row!.id;
    await recordInsights(db, [
      {
        kind: 'view',
        day: '2026-03-01',
        path: '/gallery/seascapes/tide-low',
        device: 'phone',
        referrer: 'instagram.com',
        artworkId: kept,
      },
      {
        kind: 'view',
        day: '2026-03-03',
        path: '/gallery/seascapes/tide-low',
        device: 'desktop',
        referrer: '-evil.example',
        artworkId: kept,
      },
      { kind: 'view', day: '2026-03-03', path: '/', device: 'tablet', artworkId: null },
      { kind: 'view', day: '2026-03-09', path: '/', device: 'desktop' },
      { kind: 'enquiry', day: '2026-03-03', artworkId: kept },
      { kind: 'enquiry', day: '2026-03-04', artworkId: gone },
      { kind: 'share', day: '2026-03-04', artworkId: gone },
      ...[900, 1200, 2600, 3100].map((value) => ({
        kind: 'vital' as const,
        day: '2026-03-02',
        path: '/',
        vital: 'LCP' as const,
        value,
      })),
      { kind: 'vital', day: '2026-03-02', path: '/', vital: 'CLS', value: 0.04 },
    ]);
  });
  afterAll(() => db.close());

  it('holds the numbers readInsights gives, section by section', async () => {
    const insights = await readInsights(db, range);
    const screen = await readInsightsScreen(db, claims, range, { paintings: 'all' });
    const csv = (section: Parameters<typeof insightsCsv>[0]) => csvRows(insightsCsv(section, screen));

    expect(csv('daily')).toEqual([['day', 'views'], ...insights.daily.map(({ day, views }) => [day, String(views)])]);
    expect(csv('daily').slice(1, 4)).toEqual([
      ['2026-03-01', '1'],
      ['2026-03-02', '0'],
      ['2026-03-03', '2'],
    ]);

    expect(csv('artworks')).toEqual([
      ['artwork_id', 'title', 'views', 'enquiries', 'shares'],
      ...insights.artworks.map((row) => [
        row.artworkId,
        row.artworkId === kept ? `'=Tide, "low"` : 'Deleted painting',
        String(row.views),
        String(row.enquiries),
        String(row.shares),
      ]),
    ]);
    expect(csv('artworks').slice(1)).toEqual([
      [kept, `'=Tide, "low"`, '2', '1', '0'],
      [gone, 'Deleted painting', '0', '1', '1'],
    ]);

    expect(csv('referrers')).toEqual([
      ['site', 'visits'],
      ...insights.referrers.map(({ host, visits }) => [host.startsWith('-') ? `'${host}` : host, String(visits)]),
    ]);
    expect(csv('devices')).toEqual([
      ['device', 'visits', 'percent'],
      ['phone', '1', '33'],
      ['tablet', '1', '33'],
      ['desktop', '1', '33'],
    ]);
    expect(insights.devices).toEqual({ phone: 1, tablet: 1, desktop: 1 });

    const lcp = insights.vitals.find((row) => row.vital === 'LCP')!;
    expect(csv('vitals')).toEqual([
      ['page', 'metric', 'p75', 'unit', 'rating', 'samples'],
      ['/', 'LCP', (Math.round(lcp.p75 / 10) / 100).toFixed(2), 's', 'Needs improvement', '4'],
      ['/', 'CLS', '0.04', '', 'Good', '1'],
    ]);
  });
});
