import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { BlogArticle } from '@/components/site/blog/blog-article';
import { env } from '@/lib/env';
import { prerenderParams } from '@/lib/prerender-params';
import { resolveRedirect } from '@/lib/moved-pages/resolve';
import { JsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';
import { blogPostingJsonLd } from '@/lib/seo/structured-data';
import { storyPath } from '@/lib/stories/paths';
import { getPublicStory, listPublicStories } from '@/lib/stories/public';

type Props = { params: Promise<{ slug: string }> };

// With cacheComponents `dynamicParams` is not allowed: published stories are prerendered, any
// other slug renders on request and answers 308 (a renamed story) or 404 through notFound()
// (not-found.tsx beside this page). 'navigation' makes an unlisted slug wait for its complete
// render instead of streaming the App Shell first, which would already have sent status 200.
export const ensureStatic = 'navigation';
// Blocking by design (see ensureStatic above): the whole route is static output, and an unlisted
// segment waits for its render so its 308 or 404 status is real, not a streamed 200. Instant
// Navigation validation (development only) would flag the params read outside <Suspense>.
export const instant = false;

export function generateStaticParams() {
  return prerenderParams(async () => (await listPublicStories()).map((post) => ({ slug: post.slug })), {
    slug: 'none',
  });
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const post = await getPublicStory((await params).slug);
  if (!post) return { title: 'Article Not Found', robots: { index: false } };
  const metadata = pageMetadata({
    title: post.title,
    description: post.metaDescription || post.excerpt,
    path: storyPath(post.slug),
    type: 'article',
    image: post.imageUrl
      ? { url: post.imageUrl, width: post.imageWidth, height: post.imageHeight, alt: post.alt }
      : undefined,
  });
  // The page's title is the story's (docs/product.md, Blog post); its meta title, when written, is
  // what shares show.
  if (!post.metaTitle) return metadata;
  return {
    ...metadata,
    openGraph: { ...metadata.openGraph, title: post.metaTitle },
    twitter: { ...metadata.twitter, title: post.metaTitle },
  };
}

export default async function BlogPostPage({ params }: Props) {
  const { slug } = await params;
  const post = await getPublicStory(slug);
  if (!post) {
    const moved = await resolveRedirect(storyPath(slug));
    if (moved) permanentRedirect(moved);
    notFound();
  }
  return (
    <>
      <JsonLd
        data={blogPostingJsonLd(env().SITE_URL, {
          slug: post.slug,
          title: post.title,
          description: post.metaDescription || post.excerpt,
          date: post.date,
          dateModified: post.updatedAt.toISOString(),
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
