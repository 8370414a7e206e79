import type { MetadataRoute } from 'next';
import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/cache/tags';
import { artworkPath } from '@/lib/categories';
import { env } from '@/lib/env';
import { listCollections } from '@/lib/artworks/client';
import { listPublicStories } from '@/lib/stories';
import { getPublicArtworkPaths } from '@/lib/artworks';
import { LETTERS_PATH, letterPath, listPublicLetters } from '@/lib/newsletter';

/**
 * When the fixed pages' content last changed; the legal pages say January 2024
 * (docs/product.md, Terms and Privacy).
 */
const CONTENT_UPDATED = new Date('2026-11-22T00:00:00Z');
const LEGAL_UPDATED = new Date('2024-01-01T00:00:00Z');

/**
 * Every public URL with a true lastModified: gallery listings change when their newest artwork
 * does, each artwork at its updated_at, each story at its last change, each sent letter's web
 * version too (docs/product.md, Letters). Tagged, so an artwork, story or letter write
 * refreshes it.
 */
export async function sitemapEntries(): Promise<MetadataRoute.Sitemap> {
  'use cache';
  cacheLife('max');
  cacheTag(cacheTags.artworks, cacheTags.stories, cacheTags.newsletter);
  // The site's own origin, not an argument: a cached function is a callable reference, and any
  // origin a caller sent would build and keep a whole sitemap of its own.
  const origin = env().SITE_URL;
  const url = (path: string) => new URL(path, origin).toString();
  const artworks = await getPublicArtworkPaths();
  const latest = (items: { updatedAt: Date }[]) =>
    items.reduce<Date | undefined>((max, item) => (!max || item.updatedAt > max ? item.updatedAt : max), undefined) ??
    CONTENT_UPDATED;
  const posts = await listPublicStories();
  const newestPost = posts.reduce<Date>(
    (max, post) => (post.updatedAt > max ? post.updatedAt : max),
    posts[0]?.publishedAt ?? CONTENT_UPDATED,
  );
  const galleryUpdated = latest(artworks);
  const letters = await listPublicLetters();

  return [
    {
      url: url('/'),
      lastModified: galleryUpdated > CONTENT_UPDATED ? galleryUpdated : CONTENT_UPDATED,
      changeFrequency: 'weekly',
      priority: 1,
    },
    { url: url('/gallery'), lastModified: galleryUpdated, changeFrequency: 'weekly', priority: 0.9 },
    ...listCollections().map((collection) => ({
      url: url(`/gallery/${collection.slug}`),
      lastModified:
        collection.kind === 'all'
          ? galleryUpdated
          : latest(artworks.filter((art) => art.category === collection.category)),
      changeFrequency: 'weekly' as const,
      priority: 0.8,
    })),
    ...artworks.map((art) => ({
      url: url(artworkPath(art)),
      lastModified: art.updatedAt,
      changeFrequency: 'monthly' as const,
      priority: 0.7,
    })),
    { url: url('/shop'), lastModified: CONTENT_UPDATED, changeFrequency: 'monthly', priority: 0.5 },
    { url: url('/blog'), lastModified: newestPost, changeFrequency: 'monthly', priority: 0.7 },
    ...posts.map((post) => ({
      url: url(`/blog/${post.slug}`),
      lastModified: post.updatedAt,
      changeFrequency: 'yearly' as const,
      priority: 0.6,
    })),
    // The letters' list only once there is a letter on it: an empty page is nothing to index.
    ...(letters.length > 0
      ? [{ url: url(LETTERS_PATH), lastModified: latest(letters), changeFrequency: 'monthly' as const, priority: 0.5 }]
      : []),
    ...letters.map((letter) => ({
      url: url(letterPath(letter.slug)),
      lastModified: letter.updatedAt,
      changeFrequency: 'yearly' as const,
      priority: 0.5,
    })),
    { url: url('/about'), lastModified: CONTENT_UPDATED, changeFrequency: 'yearly', priority: 0.6 },
    { url: url('/about/ai-profile'), lastModified: CONTENT_UPDATED, changeFrequency: 'yearly', priority: 0.4 },
    { url: url('/contact'), lastModified: CONTENT_UPDATED, changeFrequency: 'yearly', priority: 0.5 },
    { url: url('/terms'), lastModified: LEGAL_UPDATED, changeFrequency: 'yearly', priority: 0.2 },
    { url: url('/privacy'), lastModified: LEGAL_UPDATED, changeFrequency: 'yearly', priority: 0.2 },
  ];
}
