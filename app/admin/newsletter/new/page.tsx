import type { Metadata } from 'next';
import { AdminPage } from '@/components/admin/admin-shell';
import { FreshEachVisit } from '@/components/admin/fresh-each-visit';
import { LetterEditor } from '@/components/admin/newsletter/letter-editor';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';
import { mailSettings } from '@/lib/mail';
import { subscriberCounts } from '@/lib/newsletter/subscriber-list';

export const metadata: Metadata = { title: { absolute: 'New Letter - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

export default function NewLetterPage() {
  return (
    <AdminPage
      title="New Letter"
      back={[
        { href: '/admin', label: 'Dashboard' },
        { href: '/admin/newsletter', label: 'Newsletter' },
      ]}
    >
      <NewLetter />
    </AdminPage>
  );
}

async function NewLetter() {
  const ctx = await adminForPage();
  if (!ctx) return null;
  const counts = await subscriberCounts(ctx.db);
  return (
    <FreshEachVisit>
      <LetterEditor
        letter={null}
        values={{ title: '', summary: '', content: '' }}
        confirmed={counts.confirmed}
        mailReady={mailSettings() !== null}
      />
    </FreshEachVisit>
  );
}
