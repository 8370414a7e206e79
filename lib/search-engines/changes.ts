import { sql } from 'drizzle-orm';
import { artworkPath, categoryFromSlug, categorySlug } from '@/lib/categories';
import type { Tx } from '@/lib/db/port';
import { sitemapChanges } from '@/lib/db/schema';

/** A site path as queued: starts with one slash, no scheme or host, no query or fragment. */
const SITE_PATH = /^\/(?!\/)[^?#\s]*$/;
const MAX_PATH = 2048;
const INSERT_BATCH = 5000;

/**
 * Queues site paths (such as `/gallery/landscapes/some-slug`) whose page was added, changed or
 * removed, for the next search-engine notification (lib/search-engines/notify.ts).
 *
 * `tx` is the Drizzle transaction of the write itself (`Tx` from lib/db/port.ts, what
 * `asAdmin(db, claims, (tx) => …)` hands its callback): queue inside the write's own
 * transaction, so a committed write never loses its entry and a rolled-back one queues nothing.
 * The queue's policies admit admins only (migration sitemap_notifications).
 *
 * A path already queued is queued again (its time moves on), so a notification that read the
 * earlier entry does not remove this later change. Anything that is not a site path is refused.
 */
export async function queueUrlChanges(tx: Tx, paths: string[]): Promise<void> {
  const unique = [...new Set(paths)];
  if (unique.length === 0) return;
  const bad = unique.find((path) => path.length > MAX_PATH || !SITE_PATH.test(path));
  if (bad !== undefined)
    throw new Error(`Not a site path, so not queued for search engines: ${JSON.stringify(bad.slice(0, 100))}`);
  // A statement takes at most 65,535 parameters; a bulk write can touch thousands of pages.
  for (let i = 0; i < unique.length; i += INSERT_BATCH) {
    await tx
      .insert(sitemapChanges)
      .values(unique.slice(i, i + INSERT_BATCH).map((path) => ({ path })))
      .onConflictDoUpdate({ target: sitemapChanges.path, set: { queuedAt: sql`clock_timestamp()` } });
  }
}

type Placed = { category: string | null; slug: string };

/**
 * The public paths a write touches for each artwork it changed, created or removed (before
 * and/or after): the artwork's own page (for a move, the old path, now a 308, and the new one)
 * and the collection listings it appears in (its category's and All Artworks).
 */
export function artworkChangePaths(placements: readonly (Placed | null | undefined)[]): string[] {
  const paths = new Set<string>();
  for (const placed of placements) {
    if (!placed) continue;
    paths.add(artworkPath(placed));
    const collection = categorySlug(placed.category);
    if (categoryFromSlug(collection)) paths.add(`/gallery/${collection}`);
    paths.add('/gallery/all');
  }
  return [...paths];
}
