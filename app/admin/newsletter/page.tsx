import type { Metadata } from 'next';
import Link from 'next/link';
import { Plus } from 'lucide-react';
import { AdminPage, ReadFailed } from '@/components/admin/admin-shell';
import { DiscountSettingsForm } from '@/components/admin/newsletter/discount-settings';
import { EmailSetupNote } from '@/components/admin/newsletter/email-setup-note';
import { LettersTable } from '@/components/admin/newsletter/letters-table';
import { RefreshWhileSending } from '@/components/admin/newsletter/refresh-while-sending';
import { StartFromNewButton } from '@/components/admin/newsletter/start-from-new-button';
import { buttonVariants } from '@/components/ui/button';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage, readForPage } from '@/lib/actions/admin-page';
import { mailSettings } from '@/lib/mail';
import { subscriberCounts } from '@/lib/newsletter/subscriber-list';
import { messagesHref } from '@/lib/messages/params';
import { readLetterOverview } from '@/lib/newsletter/admin-read';
import { readDiscountSettings } from '@/lib/newsletter/discount-settings';

export const metadata: Metadata = { title: { absolute: 'Newsletter - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

/** /admin/newsletter (docs/product.md, Letters): the subscribers' counts, the letters, the discount. */
export default function NewsletterAdminPage() {
  return (
    <AdminPage
      title="Newsletter"
      back={[{ href: '/admin', label: 'Back to Dashboard' }]}
      actions={
        <>
          <StartFromNewButton />
          <Link href="/admin/newsletter/new" className={buttonVariants()}>
            <Plus aria-hidden className="size-4" /> New letter
          </Link>
        </>
      }
    >
      <Newsletter />
    </AdminPage>
  );
}

async function Newsletter() {
  const ctx = await adminForPage();
  if (!ctx) return null;
  const [counts, letters, discount] = await Promise.all([
    readForPage({ feature: 'newsletter', what: 'the subscriber counts' }, () => subscriberCounts(ctx.db)),
    readForPage({ feature: 'newsletter', what: 'the letters' }, () => readLetterOverview(ctx.db)),
    readForPage({ feature: 'newsletter', what: 'the discount settings' }, () => readDiscountSettings(ctx.db)),
  ]);
  return (
    <div className="flex flex-col gap-8">
      {mailSettings() ? null : <EmailSetupNote />}
      {counts.ok ? (
        <p className="text-ink">
          <span className="font-semibold">{counts.data.confirmed}</span> confirmed{' '}
          {counts.data.confirmed === 1 ? 'subscriber' : 'subscribers'},{' '}
          <span className="font-semibold">{counts.data.pending}</span> waiting to confirm.{' '}
          <Link
            href={messagesHref({ view: 'subscribers' })}
            className="text-wash underline underline-offset-4 hover:text-wash-deep"
          >
            See the subscribers
          </Link>
        </p>
      ) : (
        <ReadFailed title="Failed to count the subscribers" error={counts.error} />
      )}
      <section aria-labelledby="letters-heading" className="flex flex-col gap-4">
        <h2 id="letters-heading" className="font-serif text-2xl">
          Letters
        </h2>
        {letters.ok ? (
          <>
            <LettersTable letters={letters.data} />
            <RefreshWhileSending active={letters.data.some((letter) => letter.status === 'sending')} />
          </>
        ) : (
          <ReadFailed title="Failed to fetch the letters" error={letters.error} />
        )}
      </section>
      <section aria-labelledby="discount-heading" className="flex flex-col gap-4">
        <h2 id="discount-heading" className="font-serif text-2xl">
          Subscriber discount
        </h2>
        {discount.ok ? (
          <DiscountSettingsForm settings={discount.data} />
        ) : (
          <ReadFailed title="Failed to read the discount settings" error={discount.error} />
        )}
      </section>
    </div>
  );
}
