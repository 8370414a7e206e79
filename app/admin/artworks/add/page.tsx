import type { Metadata } from 'next';
import { AdminPage } from '@/components/admin/admin-shell';
import { FreshEachVisit } from '@/components/admin/fresh-each-visit';
import { ArtworkForm } from '@/components/admin/artworks/artwork-form';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { emptyArtworkForm } from '@/lib/artworks/admin/schema';
import { adminForPage } from '@/lib/actions/admin-page';

export const metadata: Metadata = { title: { absolute: 'Add Artwork - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

export default function AddArtworkPage() {
  return (
    <AdminPage
      title="Add New Artwork"
      back={[
        { href: '/admin', label: 'Dashboard' },
        { href: '/admin/artworks/manage', label: 'Manage Artworks' },
      ]}
    >
      <AddArtworkForm />
    </AdminPage>
  );
}

async function AddArtworkForm() {
  if (!(await adminForPage())) return null;
  return (
    <FreshEachVisit>
      <ArtworkForm defaultValues={emptyArtworkForm} />
    </FreshEachVisit>
  );
}
