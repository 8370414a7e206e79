import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/cache/tags';
import type { BlogPost } from '@/lib/stories/blog';
import { database } from '@/lib/database';
import { getVisibleStoryBySlug, listVisibleStories, type PublicStoryRow } from '@/lib/stories/queries';
import { asVisitor } from '@/lib/db/roles';
import { isPlausibleStorySlug } from './paths';
import { readTimeFor } from '@/lib/read-time';
import { sanitizeStoryHtml } from '@/lib/rich-text/sanitize';

/**
 * The public blog's reads: cached by Next, tagged `stories` (one story also `story:<slug>`),
 * invalidated by every story write (lib/stories/save.ts) and by the stories-due job when a
 * scheduled story's time comes (lib/stories/due.ts). They run as the visitor, so the row policy decides what is
 * published; the body is cleaned again here, whatever the row holds.
 */

export function toBlogPost(row: PublicStoryRow): BlogPost {
  const publishedAt = row.publishedAt ?? row.updatedAt;
  const content = sanitizeStoryHtml(row.content);
  return {
    slug: row.slug,
    title: row.title,
    category: row.category,
    date: publishedAt.toISOString().slice(0, 10),
    publishedAt,
    updatedAt: row.updatedAt,
    excerpt: row.excerpt,
    imageUrl: row.imageUrl,
    imageSrcSet: row.imageSrcset,
    imageWidth: row.imageWidth ?? 1200,
    imageHeight: row.imageHeight ?? 675,
    alt: row.imageAlt,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    content,
    author: row.author,
    profileImage: row.profileImage,
    tags: row.tags,
    readTime: readTimeFor(content),
  };
}

/** Every story a visitor may read, newest first. */
export async function listPublicStories(): Promise<BlogPost[]> {
  'use cache';
  cacheLife('max');
  cacheTag(cacheTags.stories);
  const db = await database();
  const rows = await asVisitor(db, listVisibleStories);
  return rows.map(toBlogPost);
}

export async function getPublicStory(slug: string): Promise<BlogPost | null> {
  'use cache';
  cacheLife('max');
  cacheTag(cacheTags.stories);
  // Callable with any argument as a reference Next exposes: what no slug could be is answered
  // without a query or a tag of its own.
  if (!isPlausibleStorySlug(slug)) {
    return null;
  }
  cacheTag(cacheTags.story(slug));
  const db = await database();
  const row = await asVisitor(db, (tx) => getVisibleStoryBySlug(tx, slug));
  return row ? toBlogPost(row) : null;
}
