import { site } from '@/lib/site';
import { letterPath } from './links';
import type { PublicLetter } from './public';

/** An item of the feed (lib/stories/feed.ts, FeedStory, which this matches: the route hands it over). */
export type LetterFeedItem = {
  slug: string;
  path: string;
  title: string;
  excerpt: string;
  category: string;
  author: string;
  publishedAt: Date;
  updatedAt: Date;
  imageUrl: string;
  tags: string[];
  content: string;
};

/**
 * Sent letters as items of the site's one feed (/blog/rss.xml; docs/product.md,
 * Letters): each links to its web version, under the category Newsletter, dated when it went out.
 */
export function lettersAsFeedItems(letters: readonly PublicLetter[]): LetterFeedItem[] {
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
export const newestFirst = <T extends { publishedAt: Date }>(items: T[]): T[] =>
  [...items].sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
