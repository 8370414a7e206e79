import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { BlogArticle } from '@/components/site/blog/blog-article';
import { blogImageSize, getPost, listPosts } from '@/lib/content/blog';
import { env } from '@/lib/env';
import { JsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';
import { blogPostingJsonLd } from '@/lib/seo/structured-data';

type Props = { params: Promise<{ slug: string }> };

// With cacheComponents `dynamicParams` is not allowed: the six posts are prerendered, any other
// slug renders on request and answers 404 through notFound() (not-found.tsx beside this page).
// 'navigation' makes an unlisted slug wait for its complete render instead of streaming the
// App Shell first, which would already have sent status 200.
export const ensureStatic = 'navigation';
// Blocking by design (see ensureStatic above): the whole route is static output, and an unlisted
// segment waits for its render so its 308 or 404 status is real, not a streamed 200. Instant
// Navigation validation (development only) would flag the params read outside <Suspense>.
export const instant = false;

export function generateStaticParams() {
  return listPosts().map((post) => ({ slug: post.slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const post = getPost((await params).slug);
  if (!post) return { title: 'Article Not Found', robots: { index: false } };
  return pageMetadata({
    title: post.title,
    description: post.metaDescription || post.excerpt,
    path: `/blog/${post.slug}`,
    type: 'article',
    image: { url: post.imageUrl, ...blogImageSize, alt: post.alt },
  });
}

export default async function BlogPostPage({ params }: Props) {
  const post = getPost((await params).slug);
  if (!post) notFound();
  return (
    <>
      <JsonLd
        data={blogPostingJsonLd(env().SITE_URL, {
          slug: post.slug,
          title: post.title,
          description: post.metaDescription || post.excerpt,
          date: post.date,
          imageUrl: post.imageUrl,
          author: post.author,
          tags: post.tags,
          category: post.category,
        })}
      />
      <BlogArticle post={post} />
    </>
  );
}
