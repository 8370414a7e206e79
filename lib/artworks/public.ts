import { cacheLife, cacheTag } from 'next/cache';
import { database } from '@/lib/db';
import {
  getPublishedArtworkBySlug,
  listPublishedArtworkPaths,
  listPublishedArtworks,
  searchPublishedArtworks,
} from '@/lib/db/queries/artworks';
import { asVisitor } from '@/lib/db/roles';
import { cacheTags } from '@/lib/cache/tags';
import { isPlausibleSlug } from './slug-guard';

/**
 * Public reads, cached by Next and tagged; admin writes invalidate them through
 * lib/cache/invalidate.ts. They run as the anon role, so only what a visitor may see is read.
 */
export async function getGalleryPage(options: { category?: string; page?: number } = {}) {
  'use cache';
  cacheLife('max');
  cacheTag(cacheTags.artworks);
  const db = await database();
  return asVisitor(db, (tx) => listPublishedArtworks(tx, options));
}

export async function getPublicArtwork(slug: string) {
  'use cache';
  cacheLife('max');
  cacheTag(cacheTags.artworks);
  // A slug no artwork could have (NUL bytes, 2,000 characters) is answered without a query,
  // and without a tag of its own: Next refuses tags over 256 characters with a warning.
  if (!isPlausibleSlug(slug)) return null;
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

/** Full-text search; `query` is already normalised (lib/artworks/search.ts) so equal searches share an entry. */
export async function searchPublicArtworks(query: string) {
  'use cache';
  cacheLife('max');
  cacheTag(cacheTags.artworks);
  if (!query) return [];
  const db = await database();
  return asVisitor(db, (tx) => searchPublishedArtworks(tx, query, 24));
}
