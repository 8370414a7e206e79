import { DEVICES, type Day, type Device, type Insights, type Range } from './store';
import { rating, type Rating, type Vital } from './vitals';

/**
 * What the Insights screen and its CSV files show, shaped once from readInsights' totals so the
 * page and the downloads cannot disagree. Pure: the artworks' titles and paths come in from the
 * caller.
 */
export type ArtworkRef = { id: string; title: string; publicPath: string | null };

export type PaintingRow = {
  artworkId: string;
  /** Null when the artwork has been deleted since it was counted. */
  title: string | null;
  /** Null for a deleted, draft or archived artwork: no public page to link to. */
  publicPath: string | null;
  editPath: string | null;
  views: number;
  enquiries: number;
  shares: number;
};

/** The vitals the screen shows (Core Web Vitals); the store keeps FCP and TTFB too. */
export const SHOWN_VITALS = ['LCP', 'INP', 'CLS'] as const satisfies readonly Vital[];
export type ShownVital = (typeof SHOWN_VITALS)[number];

export type VitalCell = { value: number; unit: 's' | 'ms' | ''; rating: Rating; samples: number };
export type VitalsRow = { path: string; label: string; cells: Partial<Record<ShownVital, VitalCell>> };

const PAGE_LABELS: Record<string, string> = {
  '/': 'Home',
  '/gallery': 'Gallery',
  '/gallery/[collection]': 'Collection pages',
  '/gallery/[collection]/[slug]': 'Painting pages',
  '/shop': 'Shop',
  '/blog': 'Blog',
  '/blog/[slug]': 'Blog stories',
  '/about': 'About',
  '/about/ai-profile': 'AI profile',
  '/contact': 'Contact',
  '/search': 'Search',
  '/privacy': 'Privacy Policy',
  '/terms': 'Terms & Conditions',
};

/** The page as the owner knows it: the site counts under its routes (lib/insights/from-telemetry.ts pageOf). */
export function pageLabel(path: string): string {
  return PAGE_LABELS[path] ?? path;
}

export type InsightsScreen = {
  range: Range;
  daily: { day: Day; views: number }[];
  totalViews: number;
  /** The paintings counted in the range, most viewed first: every one, or only those shown (readInsightsScreen's `paintings`). */
  paintings: PaintingRow[];
  topByViews: PaintingRow[];
  topByEnquiries: PaintingRow[];
  referrers: { host: string; visits: number }[];
  devices: { device: Device; visits: number; percent: number }[];
  vitals: VitalsRow[];
};

export const TOP = 10;

type Counted = { artworkId: string; views: number; enquiries: number };

/** The ten most viewed, from rows already ordered by views (readInsights' order). */
const byViews = <T extends Counted>(rows: readonly T[]) => rows.filter((row) => row.views > 0).slice(0, TOP);

/** The ten most asked about; ties by views, then id. */
const byEnquiries = <T extends Counted>(rows: readonly T[]) =>
  rows
    .filter((row) => row.enquiries > 0)
    .sort((a, b) => b.enquiries - a.enquiries || b.views - a.views || a.artworkId.localeCompare(b.artworkId))
    .slice(0, TOP);

/** Only the artworks the screen shows: the top ten by views and by enquiries, in readInsights' order. */
export function topArtworks(rows: Insights['artworks']): Insights['artworks'] {
  const shown = new Set([...byViews(rows), ...byEnquiries(rows)]);
  return rows.filter((row) => shown.has(row));
}

export function insightsScreen(
  range: Range,
  insights: Insights,
  artworks: ReadonlyMap<string, ArtworkRef>,
): InsightsScreen {
  const paintings = insights.artworks.map(({ artworkId, views, enquiries, shares }): PaintingRow => {
    const art = artworks.get(artworkId);
    return {
      artworkId,
      title: art?.title ?? null,
      publicPath: art?.publicPath ?? null,
      editPath: art ? `/admin/artworks/edit/${art.id}` : null,
      views,
      enquiries,
      shares,
    };
  });
  const deviceTotal = DEVICES.reduce((sum, device) => sum + insights.devices[device], 0);
  return {
    range,
    daily: insights.daily,
    totalViews: insights.daily.reduce((sum, { views }) => sum + views, 0),
    paintings,
    topByViews: byViews(paintings),
    topByEnquiries: byEnquiries(paintings),
    referrers: insights.referrers,
    devices: DEVICES.map((device) => ({
      device,
      visits: insights.devices[device],
      percent: deviceTotal === 0 ? 0 : Math.round((insights.devices[device] / deviceTotal) * 100),
    })),
    vitals: vitalsByPage(insights.vitals),
  };
}

function vitalsByPage(rows: Insights['vitals']): VitalsRow[] {
  const pages = new Map<string, VitalsRow>();
  for (const row of rows) {
    if (!(SHOWN_VITALS as readonly Vital[]).includes(row.vital)) continue;
    const page =
      pages.get(row.path) ??
      pages.set(row.path, { path: row.path, label: pageLabel(row.path), cells: {} }).get(row.path)!;
    page.cells[row.vital as ShownVital] = vitalCell(row.vital as ShownVital, row.p75, row.samples);
  }
  // readInsights orders by samples, most first: the busiest pages lead.
  return [...pages.values()];
}

/**
 * A p75 as shown: LCP in seconds to two decimals, INP in whole milliseconds, CLS unitless to two
 * decimals. The rating is of the value shown, so a CLS shown as 0.10 is never called poor.
 */
export function vitalCell(vital: ShownVital, p75: number, samples: number): VitalCell {
  if (vital === 'LCP') {
    const value = Math.round(p75 / 10) / 100;
    return { value, unit: 's', rating: rating(vital, value * 1000), samples };
  }
  if (vital === 'INP') {
    const value = Math.round(p75);
    return { value, unit: 'ms', rating: rating(vital, value), samples };
  }
  const value = Math.round(p75 * 100) / 100;
  return { value, unit: '', rating: rating(vital, value), samples };
}

/** The number as shown, without its unit: '1.20', '180', '0.05'. */
export function vitalNumber({ value, unit }: Pick<VitalCell, 'value' | 'unit'>): string {
  return unit === 'ms' ? String(value) : value.toFixed(2);
}

export function formatVitalValue(cell: Pick<VitalCell, 'value' | 'unit'>): string {
  return cell.unit ? `${vitalNumber(cell)} ${cell.unit}` : vitalNumber(cell);
}

export const RATING_LABEL: Record<Rating, string> = {
  good: 'Good',
  'needs-improvement': 'Needs improvement',
  poor: 'Poor',
};

const number = new Intl.NumberFormat('en-GB');
export function formatCount(n: number): string {
  return number.format(n);
}

/** The dashboard's line: views in the last 7 days against the 7 before. */
export function weekComparison(current: number, previous: number): string {
  const views = `${formatCount(current)} ${current === 1 ? 'view' : 'views'} in the last 7 days`;
  if (current === 0 && previous === 0) return 'No views counted in the last 7 days yet.';
  if (previous === 0) return `${views}, none in the 7 before.`;
  const change = Math.round((Math.abs(current - previous) / previous) * 100);
  if (change === 0) return `${views}, the same as the 7 before.`;
  return `${views}, ${current > previous ? 'up' : 'down'} ${formatCount(change)}% on the 7 before.`;
}
