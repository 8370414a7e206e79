import { site } from '@/lib/site';
import type { FeedStory } from '@/lib/stories';
import { letterPath } from './links';
import type { PublicLetter } from './public';

/**
 * Sent letters as items of the site's one feed (/blog/rss.xml; docs/product.md,
 * Letters): each links to its web version, under the category Newsletter, dated when it went out.
 */
export function lettersAsFeedItems(letters: readonly PublicLetter[]): FeedStory[] {
  return letters.map((letter) => ({
    slug: letter.slug,
    path: letterPath(letter.slug),
    title: letter.title,
    excerpt: letter.summary,
    category: 'Newsletter',
    author: site.name,
    publishedAt: letter.sentAt,
    updatedAt: letter.updatedAt,
    imageUrl: '',
    tags: [],
    content: letter.content,
  }));
}

/** Stories and letters in one list, the newest first, as the feed keeps them. */
export const newestFirst = (items: FeedStory[]): FeedStory[] =>
  [...items].sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
