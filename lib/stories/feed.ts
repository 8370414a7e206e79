import { Feed, type Item } from 'feed';
import { sanitizeStoryHtml } from '@/lib/rich-text/sanitize';

export type FeedStory = {
  slug: string;
  /**
   * The site path the item links to: a story's /blog/<slug> unless said. The feed is the site's
   * one feed, and carries the newsletter's sent letters too (docs/product.md, Letters).
   */
  path?: string;
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

const TITLE = 'Elena Marsh Watercolours: Blog';
const DESCRIPTION =
  'Stories behind Elena Marsh’s calming watercolours: the places, the techniques and the rooms the Sanctuaries of the Mind paintings were made for.';
// Not the clock: the same stories must always give the same feed, byte for byte.
const EMPTY_FEED_DATE = new Date('2026-01-01T00:00:00Z');

const isSitePath = (url: string) => /^\/(?![/\\])/.test(url);

/**
 * Site paths in links, images and srcsets made absolute: a feed reader has no base URL. Expects
 * sanitizeStoryHtml output, where '<' and '>' in text and attribute values are escaped and values
 * are double-quoted, so each match below is a real tag and its attributes.
 */
export function absoluteUrls(html: string, origin: string): string {
  const site = new URL(origin).origin;
  const absolute = (url: string) => (isSitePath(url) ? `${site}${url}` : url);
  return html.replace(/<(?:a|img)\s[^>]*>/g, (tag) =>
    tag
      .replace(/ (href|src)="([^"]*)"/g, (_, name: string, url: string) => ` ${name}="${absolute(url)}"`)
      .replace(/ srcset="([^"]*)"/, (_, srcset: string) => ` srcset="${srcset.split(', ').map(absolute).join(', ')}"`),
  );
}

/** Text without the characters XML 1.0 forbids: one stray control character breaks the whole feed. */
const xmlText = (text: string) => text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');

// The feed package puts titles, descriptions and content in CDATA, and xml-js splits only the
// first ']]>' in each; any later one would end the section early.
const cdata = (text: string) => xmlText(text).replaceAll(']]>', ']]&gt;');

const newest = (dates: Date[]) => dates.reduce((latest, date) => (date > latest ? date : latest));

function feedItem(story: FeedStory, site: string): Item {
  const link = `${site}${story.path ?? `/blog/${story.slug}`}`;
  return {
    title: cdata(story.title),
    id: link,
    link,
    description: cdata(story.excerpt),
    content: cdata(absoluteUrls(sanitizeStoryHtml(story.content), site)),
    date: story.publishedAt,
    category: [story.category, ...story.tags].map((name) => ({ name: xmlText(name) })),
    author: [{ name: xmlText(story.author) }],
    image: story.imageUrl ? new URL(story.imageUrl, site).href : undefined,
  };
}

/** The blog's RSS 2.0 feed; stories come newest first and keep that order. */
export function storiesRss(origin: string, stories: FeedStory[]): string {
  const site = new URL(origin).origin;
  const published = stories.map((story) => story.publishedAt);
  // A UTC year is London's year too: New Year falls in winter, when London keeps UTC.
  const year = published.length > 0 ? newest(published).getUTCFullYear() : EMPTY_FEED_DATE.getUTCFullYear();
  const feed = new Feed({
    title: TITLE,
    description: DESCRIPTION,
    id: `${site}/blog`,
    link: `${site}/blog`,
    language: 'en-GB',
    feedLinks: { rss: `${site}/blog/rss.xml` },
    copyright: `© ${year} Elena Marsh`,
    updated: stories.length > 0 ? newest(stories.map((story) => story.updatedAt)) : EMPTY_FEED_DATE,
    image: `${site}/images/artist-portrait-400.webp`,
  });
  for (const story of stories) feed.addItem(feedItem(story, site));
  return feed.rss2();
}
