import { cacheLife, cacheTag } from 'next/cache';
import { z } from 'zod';
import { categories } from '@/lib/categories';
import { database } from '@/lib/database';
import {
  getPublishedArtworkBySlug,
  listPublishedArtworkPaths,
  listPublishedArtworks,
  searchPublishedArtworks,
  type GalleryPage,
} from '@/lib/artworks/queries';
import { asVisitor } from '@/lib/db/roles';
import { cacheTags } from '@/lib/cache/tags';
import { SEARCH_CONTROL_CHARACTER, SEARCH_MAX_LENGTH } from './search-limits';
import { isPlausibleSlug } from './slug-guard';

/**
 * Public reads, cached by Next and tagged; admin writes invalidate them through
 * lib/cache/invalidate.ts. They run as the anon role and select public columns only.
 *
 * Next exposes 'use cache' functions to the browser as callable references, so a visitor can
 * call each of these with arguments of their own: every argument is checked and bounded here,
 * not only by the pages that call them. What could never match is answered without a query.
 */
const galleryOptions = z.strictObject({
  category: z.enum(categories).optional(),
  page: z.number().int().min(1).max(100_000).default(1),
});

const noArtworks: GalleryPage = { items: [], total: 0, page: 1, pageCount: 1 };

export async function getGalleryPage(options: { category?: string; page?: number } = {}): Promise<GalleryPage> {
  'use cache';
  cacheLife('max');
  cacheTag(cacheTags.artworks);
  const parsed = galleryOptions.safeParse(options);
  if (!parsed.success) return noArtworks;
  const db = await database();
  return asVisitor(db, (tx) => listPublishedArtworks(tx, parsed.data));
}

export async function getPublicArtwork(slug: string) {
  'use cache';
  cacheLife('max');
  cacheTag(cacheTags.artworks);
  // A slug no artwork could have (NUL bytes, 2,000 characters) is answered without a query,
  // and without a tag of its own: Next refuses tags over 256 characters with a warning.
  if (typeof slug !== 'string' || !isPlausibleSlug(slug)) return null;
  cacheTag(cacheTags.artwork(slug));
  const db = await database();
  return asVisitor(db, (tx) => getPublishedArtworkBySlug(tx, slug));
}

/** Every published artwork's path parts and last change (sitemap, static params). */
export async function getPublicArtworkPaths() {
  'use cache';
  cacheLife('max');
  cacheTag(cacheTags.artworks);
  const db = await database();
  return asVisitor(db, (tx) => listPublishedArtworkPaths(tx));
}

/** Full-text search; `query` is already normalised (lib/search/index.ts) so equal searches share an entry. */
export async function searchPublicArtworks(query: string) {
  'use cache';
  cacheLife('max');
  cacheTag(cacheTags.artworks);
  if (typeof query !== 'string' || !query || query.length > SEARCH_MAX_LENGTH || SEARCH_CONTROL_CHARACTER.test(query))
    return [];
  const db = await database();
  return asVisitor(db, (tx) => searchPublishedArtworks(tx, query, 24));
}
