import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { LetterArticle, letterDate } from '@/components/site/newsletter/letter-article';
import { env } from '@/lib/env';
import { letterPath } from '@/lib/newsletter/links';
import { getPublicLetter, listPublicLetters, publicNewsletterPromise } from '@/lib/newsletter/public';
import { prerenderParams } from '@/lib/prerender-params';
import { JsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';
import { blogPostingJsonLd } from '@/lib/seo/structured-data';
import { site } from '@/lib/site';

type Props = { params: Promise<{ slug: string }> };

// As the blog's posts (app/(site)/blog/[slug]/page.tsx): sent letters are prerendered, any other
// slug renders on request and answers 404 through notFound() (not-found.tsx beside this page),
// waiting for its complete render so the status is real.
export const ensureStatic = 'navigation';
export const instant = false;

export function generateStaticParams() {
  return prerenderParams(async () => (await listPublicLetters()).map((letter) => ({ slug: letter.slug })), {
    slug: 'none',
  });
}

const descriptionOf = (letter: { title: string; summary: string }) =>
  letter.summary || `${letter.title}: a letter from Elena Marsh’s studio in South London.`;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const letter = await getPublicLetter((await params).slug);
  if (!letter) return { title: 'Letter Not Found', robots: { index: false } };
  return pageMetadata({
    title: letter.title,
    description: descriptionOf(letter),
    path: letterPath(letter.slug),
    type: 'article',
  });
}

/** /newsletter/<slug>: a sent letter's web version (docs/product.md, Letters). */
export default async function LetterPage({ params }: Props) {
  const { slug } = await params;
  const letter = await getPublicLetter(slug);
  if (!letter) notFound();
  const promise = await publicNewsletterPromise();
  return (
    <>
      <JsonLd
        data={blogPostingJsonLd(env().SITE_URL, {
          slug: letter.slug,
          path: letterPath(letter.slug),
          title: letter.title,
          description: descriptionOf(letter),
          date: letterDate(letter.sentAt),
          dateModified: letter.updatedAt.toISOString(),
          imageUrl: null,
          author: site.name,
          tags: [],
          category: 'Newsletter',
        })}
      />
      <LetterArticle letter={letter} promise={promise} />
    </>
  );
}
