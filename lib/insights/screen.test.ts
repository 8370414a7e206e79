import { describe, expect, it } from 'vitest';
import { formatVitalValue, insightsScreen, topArtworks, vitalCell, weekComparison } from './screen';
import type { Insights } from './store';

const range = { from: '2026-03-01', to: '2026-03-02' };
const empty: Insights = {
  daily: [],
  artworks: [],
  referrers: [],
  devices: { phone: 0, tablet: 0, desktop: 0 },
  vitals: [],
};

describe('the Insights screen', () => {
  it('names each painting by its title and links, and a deleted one as such', () => {
    const screen = insightsScreen(
      range,
      {
        ...empty,
        artworks: [
          { artworkId: 'a', views: 5, enquiries: 0, shares: 1 },
          { artworkId: 'gone', views: 2, enquiries: 3, shares: 0 },
        ],
      },
      new Map([['a', { id: 'a', title: 'Harbour', publicPath: '/gallery/seascapes/harbour' }]]),
    );
    expect(screen.topByViews.map((row) => [row.title, row.publicPath, row.editPath])).toEqual([
      ['Harbour', '/gallery/seascapes/harbour', '/admin/artworks/edit/a'],
      [null, null, null],
    ]);
    // By enquiries: only paintings asked about, most first.
    expect(screen.topByEnquiries.map((row) => row.artworkId)).toEqual(['gone']);
  });

  it('keeps ten paintings a chart', () => {
    const artworks = Array.from({ length: 12 }, (_, i) => ({
      artworkId: `a${i}`,
      views: 20 - i,
      enquiries: 1,
      shares: 0,
    }));
    const screen = insightsScreen(range, { ...empty, artworks }, new Map());
    expect(screen.topByViews).toHaveLength(10);
    expect(screen.paintings).toHaveLength(12);
  });

  it('keeps for the page only the paintings its two charts show, the rest for the CSV', () => {
    // 5,000 paintings by views; the most asked about is far down the list.
    const artworks = Array.from({ length: 5_000 }, (_, i) => ({
      artworkId: `a${i}`,
      views: 5_000 - i,
      enquiries: i === 4_321 ? 9 : i === 3 ? 2 : 0,
      shares: 0,
    }));
    const shown = topArtworks(artworks);
    expect(shown.map((row) => row.artworkId)).toEqual([...Array.from({ length: 10 }, (_, i) => `a${i}`), 'a4321']);
    const page = insightsScreen(range, { ...empty, artworks: shown }, new Map());
    const all = insightsScreen(range, { ...empty, artworks }, new Map());
    expect(page.topByViews).toEqual(all.topByViews);
    expect(page.topByEnquiries).toEqual(all.topByEnquiries);
    expect(page.topByEnquiries.map((row) => row.artworkId)).toEqual(['a4321', 'a3']);
  });

  it('gives each device its share of visits in whole percent', () => {
    const screen = insightsScreen(range, { ...empty, devices: { phone: 1, tablet: 0, desktop: 3 } }, new Map());
    expect(screen.devices).toEqual([
      { device: 'phone', visits: 1, percent: 25 },
      { device: 'tablet', visits: 0, percent: 0 },
      { device: 'desktop', visits: 3, percent: 75 },
    ]);
  });

  it('shows LCP in seconds, INP in milliseconds and CLS to two decimals, rated as shown', () => {
    expect(formatVitalValue(vitalCell('LCP', 2504, 3))).toBe('2.50 s');
    expect(vitalCell('LCP', 2504, 3).rating).toBe('good');
    expect(vitalCell('LCP', 4100, 3).rating).toBe('poor');
    expect(formatVitalValue(vitalCell('INP', 231.6, 1))).toBe('232 ms');
    expect(vitalCell('INP', 231.6, 1).rating).toBe('needs-improvement');
    expect(formatVitalValue(vitalCell('CLS', 0.1004, 1))).toBe('0.10');
    expect(vitalCell('CLS', 0.1004, 1).rating).toBe('good');
  });

  it('groups vitals by page, named as the owner knows them, and leaves out FCP and TTFB', () => {
    const screen = insightsScreen(
      range,
      {
        ...empty,
        vitals: [
          { path: '/', vital: 'LCP', p75: 1200, samples: 4 },
          { path: '/', vital: 'TTFB', p75: 90, samples: 4 },
          { path: '/about', vital: 'CLS', p75: 0.3, samples: 1 },
          { path: '/gallery/[collection]/[slug]', vital: 'INP', p75: 180, samples: 2 },
        ],
      },
      new Map(),
    );
    expect(screen.vitals).toEqual([
      { path: '/', label: 'Home', cells: { LCP: { value: 1.2, unit: 's', rating: 'good', samples: 4 } } },
      { path: '/about', label: 'About', cells: { CLS: { value: 0.3, unit: '', rating: 'poor', samples: 1 } } },
      {
        path: '/gallery/[collection]/[slug]',
        label: 'Painting pages',
        cells: { INP: { value: 180, unit: 'ms', rating: 'good', samples: 2 } },
      },
    ]);
  });

  it('compares the last 7 days with the 7 before in plain words', () => {
    expect(weekComparison(132, 118)).toBe('132 views in the last 7 days, up 12% on the 7 before.');
    expect(weekComparison(5, 10)).toBe('5 views in the last 7 days, down 50% on the 7 before.');
    expect(weekComparison(1, 0)).toBe('1 view in the last 7 days, none in the 7 before.');
    expect(weekComparison(7, 7)).toBe('7 views in the last 7 days, the same as the 7 before.');
    expect(weekComparison(1200, 1000)).toBe('1,200 views in the last 7 days, up 20% on the 7 before.');
    expect(weekComparison(0, 0)).toBe('No views counted in the last 7 days yet.');
    expect(weekComparison(0, 4)).toBe('0 views in the last 7 days, down 100% on the 7 before.');
  });
});
