import type { Metadata } from 'next';
import { AdminPage } from '@/components/admin/admin-shell';
import { FreshEachVisit } from '@/components/admin/fresh-each-visit';
import { RedirectWithToast } from '@/components/admin/artworks/redirect-with-toast';
import { EmailPreview } from '@/components/admin/newsletter/email-preview';
import { LetterEditor } from '@/components/admin/newsletter/letter-editor';
import { SentLetter } from '@/components/admin/newsletter/sent-letter';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';
import { mailSettings } from '@/lib/mail';
import { subscriberCounts } from '@/lib/newsletter/subscriber-list';
import { readLetterPage } from '@/lib/newsletter/admin-read';

export const metadata: Metadata = { title: { absolute: 'Letter - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

type Params = Promise<{ id: string }>;

/** A letter: its editor while it is a draft or scheduled, then how its sending went (docs/product.md, Letters). */
export default function LetterAdminPage({ params }: { params: Params }) {
  return (
    <AdminPage
      title="Letter"
      back={[
        { href: '/admin', label: 'Dashboard' },
        { href: '/admin/newsletter', label: 'Newsletter' },
      ]}
    >
      <Letter params={params} />
    </AdminPage>
  );
}

async function Letter({ params }: { params: Params }) {
  const [ctx, { id }] = await Promise.all([adminForPage(), params]);
  if (!ctx) return null;
  const [page, counts] = await Promise.all([readLetterPage(ctx.db, id), subscriberCounts(ctx.db)]);
  if (!page)
    return (
      <RedirectWithToast title="Letter not found" description="It may have been deleted." href="/admin/newsletter" />
    );
  const { letter } = page;
  return (
    <div className="flex flex-col gap-10">
      {page.editable ? (
        // Keyed by the letter: the refresh after a save keeps the form (and the caret) as it is.
        <FreshEachVisit>
          <LetterEditor
            key={letter.id}
            letter={{
              id: letter.id,
              version: letter.version,
              status: letter.status,
              sendAt: letter.sendAt?.toISOString() ?? null,
            }}
            values={{ title: letter.title, summary: letter.summary, content: letter.content }}
            confirmed={counts.confirmed}
            mailReady={mailSettings() !== null}
          />
        </FreshEachVisit>
      ) : (
        <SentLetter letter={letter} progress={page.progress} />
      )}
      <EmailPreview preview={page.preview} />
    </div>
  );
}
