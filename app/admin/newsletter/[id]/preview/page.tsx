import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminPage } from '@/components/admin/admin-shell';
import { LetterArticle } from '@/components/site/newsletter/letter-article';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';
import { readDiscountSettings } from '@/lib/newsletter/discount-settings';
import { readLetterPage } from '@/lib/newsletter/admin-read';
import { newsletterPromise } from '@/lib/newsletter/promise';
import { sanitizeStoryHtml } from '@/lib/rich-text/sanitize';

export const metadata: Metadata = { title: { absolute: 'Preview Letter - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

/** "Preview as web page": the letter as /newsletter/<slug> will show it once sent, drafts included. */
export default function PreviewLetterPage({ params }: { params: Promise<{ id: string }> }) {
  return (
    <AdminPage>
      <Preview params={params} />
    </AdminPage>
  );
}

async function Preview({ params }: { params: Promise<{ id: string }> }) {
  const [ctx, { id }] = await Promise.all([adminForPage(), params]);
  if (!ctx) return null;
  const [page, discount] = await Promise.all([readLetterPage(ctx.db, id), readDiscountSettings(ctx.db)]);
  if (!page) {
    return (
      <p role="alert" className="py-16 text-center text-ink">
        Letter not found.{' '}
        <Link href="/admin/newsletter" className="text-wash underline underline-offset-4">
          Back to Newsletter
        </Link>
      </p>
    );
  }
  const { letter } = page;
  return (
    <>
      <div
        role="note"
        className="mx-auto mb-2 flex max-w-3xl flex-wrap items-center justify-between gap-3 rounded-card border border-wash/40 bg-wash-light/60 px-4 py-3 text-ink"
      >
        <p>
          <strong>Preview</strong> of the last saved version.{' '}
          {letter.status === 'sent' ? 'This letter is on the site.' : 'Visitors see it here once it has been sent.'}
        </p>
        <Link
          href={`/admin/newsletter/${letter.id}`}
          className="text-wash underline underline-offset-4 hover:text-wash-deep"
        >
          Back to the letter
        </Link>
      </div>
      <LetterArticle
        letter={{
          title: letter.title,
          summary: letter.summary,
          content: sanitizeStoryHtml(letter.content),
          sentAt: letter.startedAt ?? letter.sentAt,
        }}
        promise={newsletterPromise(discount)}
      />
    </>
  );
}
