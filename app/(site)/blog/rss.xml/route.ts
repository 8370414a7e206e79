import { env } from '@/lib/env';
import { storiesRss } from '@/lib/stories/feed';
import { listPublicStories } from '@/lib/stories/public';

/**
 * /blog/rss.xml: the published stories, newest first (linked from /blog's head). Prerendered
 * from the cached story list, so a story write or a scheduled story coming due refreshes it.
 */
export async function GET() {
  const posts = await listPublicStories();
  const xml = storiesRss(
    env().SITE_URL,
    posts.map((post) => ({
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
    })),
  );
  return new Response(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
}
