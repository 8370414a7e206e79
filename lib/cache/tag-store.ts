import { sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/port';
import { rowsOf } from '@/lib/db/rows';
import { asSystem } from '@/lib/db/roles';
import { cacheTags as cacheTagsTable } from '@/lib/db/schema';
import { cacheTags as cacheTagNames } from './tags';

/**
 * The durable, shared record of Next's cache-tag invalidations (app_private.cache_tags).
 *
 * Next keeps tag invalidations in one in-memory map per process; the cache handlers in
 * cache-handlers/ copy every invalidation into this table and load the table back into that
 * map, so a write survives a restart and reaches every server on the same database. Times are
 * milliseconds since the epoch, as Next counts them. Values only ever grow (greatest()), so
 * writes from several servers, or the same write recorded twice, converge.
 */
export type TagInvalidation = {
  tag: string;
  /** Entries cached before this instant must not be served (0: never expired). */
  expiredAt: number;
  /** Entries cached before this instant may be served once while they refresh (0: never). */
  staleAt: number;
};

export type TagInvalidationRow = TagInvalidation & {
  /** Database time of the last change, in ms: the sync watermark. */
  updatedAt: number;
};

/**
 * The tags the boot rule expires: every cached public read of database data carries one of
 * them (lib/cache/tags.ts). Not Next's root-layout soft tag (_N_T_/layout): that would also
 * expire the fallback shells of dynamic routes, which hold no data, and Next cannot always
 * prerender such a shell again at run time.
 */
export const BOOT_TAGS: readonly string[] = [
  cacheTagNames.artworks,
  cacheTagNames.redirects,
  cacheTagNames.stories,
  cacheTagNames.siteSettings,
  cacheTagNames.shop,
  cacheTagNames.newsletter,
];

/** What `invalidateTags` records: the Next semantics of updateTag / revalidateTag. */
export function tagInvalidations(
  tags: readonly string[],
  durations?: { expire?: number },
  now = Date.now(),
): TagInvalidation[] {
  return [...new Set(tags)].map((tag) =>
    durations
      ? { tag, staleAt: now, expiredAt: durations.expire === undefined ? 0 : now + durations.expire * 1000 }
      : { tag, staleAt: 0, expiredAt: now },
  );
}

export async function recordTagInvalidations(database: Database, rows: readonly TagInvalidation[]): Promise<void> {
  if (rows.length === 0) return;
  await asSystem(database, 'cache-invalidation', (db) =>
    db
      .insert(cacheTagsTable)
      .values(
        rows.map((row) => ({ tag: row.tag, expiredAt: Math.round(row.expiredAt), staleAt: Math.round(row.staleAt) })),
      )
      .onConflictDoUpdate({
        target: cacheTagsTable.tag,
        set: {
          expiredAt: sql`greatest(${cacheTagsTable.expiredAt}, excluded.expired_at)`,
          staleAt: sql`greatest(${cacheTagsTable.staleAt}, excluded.stale_at)`,
          // clock_timestamp, not now(): the watermark must follow commit order as closely as
          // the clock allows; readers re-read an overlap window for the rest.
          updatedAt: sql`clock_timestamp()`,
        },
      }),
  );
}

/** Records an immediate expiry of `tags` (what updateTag does), for code outside a request. */
export function invalidateTags(database: Database, tags: readonly string[], now = Date.now()): Promise<void> {
  return recordTagInvalidations(database, tagInvalidations(tags, undefined, now));
}

/**
 * Rows changed after `sinceMs` (database time, ms), or all rows when null. One indexed-size
 * query: the table holds one row per tag ever invalidated (a few hundred on this site).
 */
export async function readTagInvalidations(database: Database, sinceMs: number | null): Promise<TagInvalidationRow[]> {
  return asSystem(database, 'cache-invalidation', async (db) => {
    const since = sinceMs === null ? sql`` : sql`where updated_at > to_timestamp(${sinceMs / 1000}::double precision)`;
    const result = await db.execute(
      sql`select tag, expired_at::float8 as "expiredAt", stale_at::float8 as "staleAt",
                 (extract(epoch from updated_at) * 1000)::float8 as "updatedAt"
          from app_private.cache_tags ${since}`,
    );
    return rowsOf<TagInvalidationRow>(result).map((row) => ({
      tag: row.tag,
      expiredAt: Number(row.expiredAt),
      staleAt: Number(row.staleAt),
      updatedAt: Number(row.updatedAt),
    }));
  });
}

/**
 * The boot rule. Pages prerendered by `next build` come from a private seeded database, and
 * in embedded mode scripts (seed, users, migrations, a restore) can change the database only
 * while no server holds it. So whatever was rendered from the database before a server
 * starts is suspect: at start the server expires the public data tags at its start time, and
 * every page showing database data renders once from the live database, then is cached
 * again. Pages without database data (legal pages, fallback shells) keep their build output.
 * Recorded in the database, not only in memory, so that servers sharing a database agree
 * after any restart.
 */
export function recordBootInvalidation(database: Database, now = Date.now()): Promise<void> {
  return invalidateTags(database, BOOT_TAGS, now);
}

/**
 * What the cache handlers (plain Node modules loaded by Next outside the app bundle, see
 * cache-handlers/tag-sync.mjs) call to reach the database. Installed once per server process
 * by instrumentation.ts; absent during `next build`, where the tag store counts as empty.
 */
export type TagStoreBridge = {
  /** 'postgres': other servers may write, so every request re-reads recent changes. */
  shared: boolean;
  read(sinceMs: number | null): Promise<TagInvalidationRow[]>;
  write(rows: TagInvalidation[]): Promise<void>;
};

export const TAG_STORE_BRIDGE = Symbol.for('watercolour.cache.tag-store');

export function installTagStoreBridge(database: Database): TagStoreBridge {
  const bridge: TagStoreBridge = {
    shared: database.kind === 'postgres',
    read: (sinceMs) => readTagInvalidations(database, sinceMs),
    write: (rows) => recordTagInvalidations(database, rows),
  };
  (globalThis as { [TAG_STORE_BRIDGE]?: TagStoreBridge })[TAG_STORE_BRIDGE] = bridge;
  return bridge;
}
