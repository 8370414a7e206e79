import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AdminLoading, AdminPageHeader, AdminShell, BackLink } from '@/components/admin/admin-shell';
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
    <AdminShell>
      <AdminPageHeader
        title="Add New Artwork"
        back={
          <>
            <BackLink href="/admin">Dashboard</BackLink>
            <BackLink href="/admin/artworks/manage">Manage Artworks</BackLink>
          </>
        }
      />
      <Suspense fallback={<AdminLoading />}>
        <AddArtworkForm />
      </Suspense>
    </AdminShell>
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
