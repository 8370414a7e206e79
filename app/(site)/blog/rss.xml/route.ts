import { env } from '@/lib/env';
import { lettersAsFeedItems, newestFirst } from '@/lib/newsletter/feed-items';
import { listPublicLetters } from '@/lib/newsletter/public';
import { storiesRss } from '@/lib/stories/feed';
import { listPublicStories } from '@/lib/stories/public';

/**
 * /blog/rss.xml, the site's one feed: the published stories and the newsletter's sent letters,
 * newest first (linked from /blog's and /newsletter's heads). Prerendered from the cached lists,
 * so a story write, a scheduled story coming due or a letter going out refreshes it.
 */
export async function GET() {
  const [posts, letters] = await Promise.all([listPublicStories(), listPublicLetters()]);
  const stories = posts.map((post) => ({
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    category: post.category,
    author: post.author,
    publishedAt: post.publishedAt,
    updatedAt: post.updatedAt,
    imageUrl: post.imageUrl ?? '',
    tags: post.tags,
    content: post.content,
  }));
  const xml = storiesRss(env().SITE_URL, newestFirst([...stories, ...lettersAsFeedItems(letters)]));
  return new Response(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
}
