import 'server-only';
import { inArray } from 'drizzle-orm';
import type { AdminContext } from '@/lib/auth/types';
import { artworkPath } from '@/lib/categories';
import type { Database } from '@/lib/db/port';
import { asAdmin, type Claims } from '@/lib/db/roles';
import { artworks } from '@/lib/db/schema';
import { addDays, dayOf, rangeEnding, type RangeDays } from './range';
import {
  insightsScreen,
  topArtworks,
  weekComparison,
  type ArtworkRef,
  type InsightsScreen,
  type PaintingRow,
} from './screen';
import { readInsights, type Range } from './store';

/** An artwork id as the store keeps it; anything else cannot name an artwork (and would not cast to uuid). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Titles and paths of the counted artworks, read as the admin (drafts and archived ones included). */
async function artworkRefs(
  database: Database,
  claims: Claims,
  ids: readonly string[],
): Promise<Map<string, ArtworkRef>> {
  const wanted = ids.filter((id) => UUID.test(id));
  if (wanted.length === 0) return new Map();
  const rows = await asAdmin(database, claims, (tx) =>
    tx
      .select({
        id: artworks.id,
        title: artworks.title,
        slug: artworks.slug,
        category: artworks.category,
        status: artworks.status,
        isArchived: artworks.isArchived,
      })
      .from(artworks)
      .where(inArray(artworks.id, wanted)),
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        title: row.title,
        publicPath: row.status === 'published' && !row.isArchived ? artworkPath(row) : null,
      },
    ]),
  );
}

/**
 * The Insights screen for a range: the store's totals (system connection) with the artworks'
 * titles (as the admin). `paintings: 'top'` (the page) keeps only the paintings the page shows,
 * the ten most viewed and the ten most asked about, and looks up only their titles; the CSV of
 * the paintings asks for `'all'`.
 */
export async function readInsightsScreen(
  database: Database,
  claims: Claims,
  range: Range,
  { paintings = 'top' }: { paintings?: 'top' | 'all' } = {},
): Promise<InsightsScreen> {
  const insights = await readInsights(database, range);
  const shown = paintings === 'all' ? insights : { ...insights, artworks: topArtworks(insights.artworks) };
  const refs = await artworkRefs(
    database,
    claims,
    shown.artworks.map((row) => row.artworkId),
  );
  return insightsScreen(range, shown, refs);
}

/** Today as the store counts days (UTC). */
export function today(): string {
  return dayOf(new Date());
}

export function loadInsightsScreen(
  ctx: AdminContext,
  days: RangeDays,
  options?: { paintings?: 'top' | 'all' },
): Promise<InsightsScreen> {
  return readInsightsScreen(ctx.db, ctx.claims, rangeEnding(today(), days), options);
}

export type InsightsSummary = { sentence: string; top: PaintingRow | null };

/** The dashboard's summary: the last 7 days' views against the 7 before, and the most viewed painting of the 7. */
export async function loadInsightsSummary(ctx: AdminContext): Promise<InsightsSummary> {
  const to = today();
  const [week, previous] = await Promise.all([
    readInsightsScreen(ctx.db, ctx.claims, rangeEnding(to, 7)),
    readInsights(ctx.db, rangeEnding(addDays(to, -7), 7)),
  ]);
  const before = previous.daily.reduce((sum, { views }) => sum + views, 0);
  return { sentence: weekComparison(week.totalViews, before), top: week.topByViews[0] ?? null };
}
