import { artworkPath } from '../lib/categories';
import type { InsightEvent } from '../lib/insights/store';
import { histogram, p75, THRESHOLDS } from '../lib/insights/vitals';
import { seedArtworks } from '../lib/seed/artworks-data';

/**
 * What the e2e database holds, shared by scripts/e2e-fixtures.ts (which makes it before the
 * server starts) and the specs. No Playwright imports: the fixtures script runs under tsx.
 */
export const accounts = {
  admin: {
    email: process.env.E2E_ADMIN_EMAIL ?? 'admin@example.com',
    password: process.env.E2E_ADMIN_PASSWORD ?? 'correct horse battery staple',
  },
  viewer: { email: 'viewer@example.com', password: 'viewer password 123' },
  // Non-admin; its admin check is what e2e/faults.ts slows down or breaks.
  faults: { email: 'faults@example.com', password: 'faults password 123' },
  // Admin whose admin check a database fault (e2e/faults.ts) slows down, so an admin page's
  // loading state shows.
  slowAdmin: { email: 'slow-admin@example.com', password: 'slow admin password 123' },
  // Admin of its own for e2e/two-factor.spec.ts, which turns two-factor sign-in on and off.
  twoFactor: { email: 'twofactor@example.com', password: 'two factor password 123' },
  // Admin of its own for the test of what turning two-factor sign-in on and off ends.
  twoFactorSessions: { email: 'twofactor-sessions@example.com', password: 'two factor sessions password 123' },
} as const;

/** A session of the viewer that expired in 2020. */
export const EXPIRED_SESSION_TOKEN = 'e2eExpiredSessionTokenXXXXXXXXXXXXXXXXXXXXX';

/** The seed's Florals are unpublished in the e2e database: two drafts, two archived. */
export const UNPUBLISHED_CATEGORY = 'Florals';
const florals = seedArtworks.filter((art) => art.category === UNPUBLISHED_CATEGORY);
export const draftSlugs = florals.slice(0, 2).map((art) => art.slug);
export const archivedSlugs = florals.slice(2).map((art) => art.slug);

/** The seeded artworks a visitor sees. */
export const publishedSeed = seedArtworks.filter((art) => art.category !== UNPUBLISHED_CATEGORY);

/**
 * A seeded painting for each read test that opens an artwork's edit form, so tests running at
 * once on two workers never type into the same one.
 */
export const editedBy = {
  editForm: publishedSeed.at(-1)!,
  aiHelper: publishedSeed.at(-2)!,
  csp: publishedSeed.at(-3)!,
};

/**
 * The owner's Insights in the e2e database: scripts/e2e-fixtures.ts records these events before
 * the server starts, on days counted back from that day (UTC), for two of the seed's published
 * paintings (the last two: the counting spec's visitors look at the first ones). Nothing falls on
 * today, which the counting spec's visits fill. `expected` is what /admin/insights shows.
 */
const insightA = publishedSeed.at(-1)!;
const PAINTING_PAGE = '/gallery/[collection]/[slug]';
const insightB = publishedSeed.at(-2)!;
const lcpSamples = [1200, 1500, 1800, 2200];
const inpSamples = [150, 320, 600, 700];
const clsSamples = [0.02, 0.05];

function dayBefore(today: string, n: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - n);
  return date.toISOString().slice(0, 10);
}

/** The file of the e2e server's DATA_DIR that holds the day the fixtures counted back from. */
export const INSIGHTS_DAY_FILE = 'insights-day';

export const insightsWorld = {
  artworks: { a: insightA, b: insightB, aPath: artworkPath(insightA), bPath: artworkPath(insightB) },
  /** The events, once the two paintings' ids are known. */
  events(today: string, ids: { a: string; b: string }): InsightEvent[] {
    const d = (n: number) => dayBefore(today, n);
    // Views and vitals count under the site's pages (lib/insights/from-telemetry.ts pageOf).
    const painting = PAINTING_PAGE;
    return [
      { kind: 'view', day: d(1), path: painting, device: 'desktop', referrer: 'artfinder.com', artworkId: ids.a },
      { kind: 'view', day: d(1), path: painting, device: 'phone', referrer: 'pinterest.co.uk', artworkId: ids.a },
      { kind: 'view', day: d(1), path: '/about', device: 'desktop' },
      { kind: 'enquiry', day: d(1), artworkId: ids.a },
      { kind: 'share', day: d(1), artworkId: ids.a },
      { kind: 'view', day: d(3), path: painting, device: 'phone', referrer: 'pinterest.co.uk', artworkId: ids.b },
      { kind: 'view', day: d(3), path: '/gallery', device: 'tablet' },
      { kind: 'enquiry', day: d(3), artworkId: ids.b },
      { kind: 'enquiry', day: d(3), artworkId: ids.b },
      { kind: 'view', day: d(9), path: painting, device: 'desktop', artworkId: ids.a },
      { kind: 'view', day: d(9), path: '/', device: 'desktop' },
      // Inside 90 days, not 30.
      { kind: 'view', day: d(40), path: painting, device: 'desktop', referrer: 'bing.com', artworkId: ids.b },
      { kind: 'enquiry', day: d(40), artworkId: ids.b },
      ...lcpSamples.map((value) => ({
        kind: 'vital' as const,
        day: d(1),
        path: '/about',
        vital: 'LCP' as const,
        value,
      })),
      ...clsSamples.map((value) => ({
        kind: 'vital' as const,
        day: d(1),
        path: '/about',
        vital: 'CLS' as const,
        value,
      })),
      ...inpSamples.map((value) => ({
        kind: 'vital' as const,
        day: d(2),
        path: painting,
        vital: 'INP' as const,
        value,
      })),
    ];
  },
  expected: {
    dashboard: '5 views in the last 7 days, up 150% on the 7 before.',
    topPainting: insightA.title,
    days30: {
      /** Views on the days that have any, by days before today. */
      dailyByDaysAgo: { 1: 3, 3: 2, 9: 2 } as Record<number, number>,
      totalViews: 7,
      byViews: [
        [insightA.title, 3],
        [insightB.title, 1],
      ] as [string, number][],
      byEnquiries: [
        [insightB.title, 2],
        [insightA.title, 1],
      ] as [string, number][],
      artworksCsv: [
        [insightA.title, 3, 1, 1],
        [insightB.title, 1, 2, 0],
      ] as [string, number, number, number][],
      referrers: [
        ['pinterest.co.uk', 2],
        ['artfinder.com', 1],
      ] as [string, number][],
      devices: [
        ['Phone', 2, 29],
        ['Tablet', 1, 14],
        ['Desktop', 4, 57],
      ] as [string, number, number][],
    },
    days90: {
      totalViews: 8,
      byEnquiries: [
        [insightB.title, 3],
        [insightA.title, 1],
      ] as [string, number][],
      referrers: [
        ['pinterest.co.uk', 2],
        ['artfinder.com', 1],
        ['bing.com', 1],
      ] as [string, number][],
    },
    /** p75 as the page shows it and its rating, read from the same buckets the store keeps. */
    vitals: {
      about: { LCP: showVital('LCP', lcpSamples), CLS: showVital('CLS', clsSamples) },
      artwork: { INP: showVital('INP', inpSamples) },
    },
  },
};

function showVital(vital: 'LCP' | 'INP' | 'CLS', samples: number[]): { text: string; rating: string; samples: number } {
  const raw = p75(vital, histogram(vital, samples))!;
  const shown =
    vital === 'LCP' ? Math.round(raw / 10) / 100 : vital === 'INP' ? Math.round(raw) : Math.round(raw * 100) / 100;
  const text = vital === 'LCP' ? `${shown.toFixed(2)} s` : vital === 'INP' ? `${shown} ms` : shown.toFixed(2);
  const [good, poor] = THRESHOLDS[vital];
  const value = vital === 'LCP' ? shown * 1000 : shown;
  return {
    text,
    rating: value <= good ? 'Good' : value <= poor ? 'Needs improvement' : 'Poor',
    samples: samples.length,
  };
}
