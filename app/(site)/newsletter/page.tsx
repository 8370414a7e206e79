import type { Metadata } from 'next';
import { LetterList } from '@/components/site/newsletter/letter-list';
import { PageHeader } from '@/components/site/page-header';
import { LETTERS_PATH } from '@/lib/newsletter/links';
import { listPublicLetters, publicNewsletterPromise } from '@/lib/newsletter/public';
import { pageMetadata } from '@/lib/seo/metadata';

const base = pageMetadata({
  title: 'Newsletter: Past Letters',
  description:
    'Past letters from Elena Marsh’s studio in South London: new watercolours, exhibitions and stories behind the paintings.',
  path: LETTERS_PATH,
});

export const metadata: Metadata = {
  ...base,
  // The site's one feed carries the letters too (app/(site)/blog/rss.xml/route.ts).
  alternates: {
    ...base.alternates,
    types: { 'application/rss+xml': [{ url: '/blog/rss.xml', title: 'Elena Marsh Watercolours: Blog' }] },
  },
};

/** /newsletter: the letters sent so far, the newest first (docs/product.md, Letters). */
export default async function NewsletterPage() {
  const [letters, promise] = await Promise.all([listPublicLetters(), publicNewsletterPromise()]);
  return (
    <>
      <PageHeader eyebrow="Newsletter" title="Past Letters">
        <p>Letters from the studio, with {promise}.</p>
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <LetterList letters={letters} />
      </div>
    </>
  );
}
