import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Tx } from '@/lib/db/port';
import { rowsOf } from '@/lib/db/rows';
import { artworks, type ArtworkRow } from '@/lib/db/schema';

/** What the admin sees of an artwork: the row without the search vector. */
export type Artwork = Omit<ArtworkRow, 'search'>;

/**
 * Internal columns, for admins only (docs/product.md, Roles and permissions). The database grants
 * anon and authenticated every other column and none of these (migration public_columns), so a
 * public read that asked for one would fail rather than leak it.
 */
export const privateArtworkColumns = [
  'aiNotes',
  'imageOriginalUrl',
  'previousContent',
  'socialMediaContent',
  'sku',
  'imageChecksum',
  'lastAiGeneratedAt',
] as const;

/** What a visitor may see of an artwork. */
export type PublicArtwork = Omit<Artwork, (typeof privateArtworkColumns)[number]>;

export type ArtworkCard = Pick<
  Artwork,
  | 'id'
  | 'title'
  | 'slug'
  | 'category'
  | 'description'
  | 'price'
  | 'imageUrl'
  | 'imageAlt'
  | 'imageThumb400Url'
  | 'imageThumb800Url'
  | 'imageWidth'
  | 'imageHeight'
  | 'createdAt'
  | 'updatedAt'
>;

/**
 * Four rows of three on a desktop. Every card is written twice into the HTML (markup and the
 * React payload that hydrates it), and a page's bytes decide how fast it is served and
 * parsed: 24 cards made /gallery two and a half times the size of a text page.
 */
export const GALLERY_PAGE_SIZE = 12;

const { search: _search, ...artworkColumns } = getTableColumns(artworks);
void _search;

/** The columns of PublicArtwork: every column a public read selects. */
export const publicArtworkColumns = Object.fromEntries(
  Object.entries(artworkColumns).filter(([key]) => !(privateArtworkColumns as readonly string[]).includes(key)),
) as Omit<typeof artworkColumns, (typeof privateArtworkColumns)[number]>;

const cardColumns = {
  id: artworks.id,
  title: artworks.title,
  slug: artworks.slug,
  category: artworks.category,
  description: artworks.description,
  price: artworks.price,
  imageUrl: artworks.imageUrl,
  imageAlt: artworks.imageAlt,
  imageThumb400Url: artworks.imageThumb400Url,
  imageThumb800Url: artworks.imageThumb800Url,
  imageWidth: artworks.imageWidth,
  imageHeight: artworks.imageHeight,
  createdAt: artworks.createdAt,
  updatedAt: artworks.updatedAt,
};

// Mirrors the "Visitors can read published artworks" policy, so the planner can use the
// partial indexes even when RLS already filters (and admins, who see drafts, get public lists).
const isPublic = and(eq(artworks.status, 'published'), eq(artworks.isArchived, false));

export type GalleryPage = { items: ArtworkCard[]; total: number; page: number; pageCount: number };

/** One bounded page of published artworks, newest first, optionally in one category. */
export async function listPublishedArtworks(
  tx: Tx,
  { category, page = 1, pageSize = GALLERY_PAGE_SIZE }: { category?: string; page?: number; pageSize?: number } = {},
): Promise<GalleryPage> {
  const where = category ? and(isPublic, eq(artworks.category, category)) : isPublic;
  const size = Math.min(Math.max(1, pageSize), 100);
  const current = Math.max(1, Math.floor(page));
  const [items, totals] = await Promise.all([
    tx
      .select(cardColumns)
      .from(artworks)
      .where(where)
      .orderBy(desc(artworks.createdAt), desc(artworks.id))
      .limit(size)
      .offset((current - 1) * size),
    // Kept by a trigger (migration published_counts): constant time at any catalogue size.
    tx.execute(sql`select app_private.published_artwork_count(${category ?? null}) as total`),
  ]);
  const total = Number(rowsOf<{ total: number }>(totals)[0]?.total ?? 0);
  return { items, total, page: current, pageCount: Math.max(1, Math.ceil(total / size)) };
}

export async function getPublishedArtworkBySlug(tx: Tx, slug: string): Promise<PublicArtwork | null> {
  const [row] = await tx
    .select(publicArtworkColumns)
    .from(artworks)
    .where(and(isPublic, eq(artworks.slug, slug)))
    .limit(1);
  return row ?? null;
}

/** Every published artwork's path parts and last change, for the sitemap. */
export async function listPublishedArtworkPaths(tx: Tx) {
  return tx
    .select({ slug: artworks.slug, category: artworks.category, updatedAt: artworks.updatedAt })
    .from(artworks)
    .where(isPublic)
    .orderBy(desc(artworks.createdAt));
}

export async function searchPublishedArtworks(tx: Tx, query: string, limit = 24): Promise<ArtworkCard[]> {
  const q = sql`websearch_to_tsquery('english', ${query})`;
  return tx
    .select(cardColumns)
    .from(artworks)
    .where(and(isPublic, sql`${artworks.search} @@ ${q}`))
    .orderBy(sql`ts_rank(${artworks.search}, ${q}) desc`, desc(artworks.createdAt))
    .limit(Math.min(limit, 100));
}

// ---- Admin (row-level security admits only admins) ----

export async function listAllArtworks(tx: Tx): Promise<Artwork[]> {
  return tx.select(artworkColumns).from(artworks).orderBy(desc(artworks.createdAt));
}

export async function getArtworkById(tx: Tx, id: string): Promise<Artwork | null> {
  const [row] = await tx.select(artworkColumns).from(artworks).where(eq(artworks.id, id)).limit(1);
  return row ?? null;
}

export async function isSlugTaken(tx: Tx, slug: string, excludeId?: string): Promise<boolean> {
  const where = excludeId ? and(eq(artworks.slug, slug), sql`${artworks.id} <> ${excludeId}`) : eq(artworks.slug, slug);
  const [row] = await tx.select({ id: artworks.id }).from(artworks).where(where).limit(1);
  return Boolean(row);
}
