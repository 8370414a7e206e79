import { cacheLife, cacheTag } from 'next/cache';
import { database } from '@/lib/db';
import { getPublishedArtworkBySlug, listPublishedArtworks } from '@/lib/db/queries/artworks';
import { asVisitor } from '@/lib/db/roles';
import { cacheTags } from '@/lib/cache/tags';

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
  cacheTag(cacheTags.artwork(slug), cacheTags.artworks);
  const db = await database();
  return asVisitor(db, (tx) => getPublishedArtworkBySlug(tx, slug));
}
