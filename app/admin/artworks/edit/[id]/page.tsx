import type { Metadata } from 'next';
import { AdminPage } from '@/components/admin/admin-shell';
import { FreshEachVisit } from '@/components/admin/fresh-each-visit';
import { ArtworkForm } from '@/components/admin/artworks/artwork-form';
import { RestorePreviousTextButton } from '@/components/admin/ai/restore-previous-text-button';
import { DeleteArtworkButton } from '@/components/admin/artworks/delete-artwork-button';
import { RedirectWithToast } from '@/components/admin/artworks/redirect-with-toast';
import { ViewOnSiteLink } from '@/components/admin/artworks/view-on-site-link';
import { artworkPath } from '@/lib/categories';
import { loadArtworkForEdit } from '@/lib/artworks/admin/read';
import { retrofitRecord } from '@/lib/ai/restore';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';

export const metadata: Metadata = { title: { absolute: 'Edit Artwork - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

export default function EditArtworkPage({ params }: { params: Promise<{ id: string }> }) {
  return (
    <AdminPage
      title="Edit Artwork"
      back={[
        { href: '/admin', label: 'Dashboard' },
        { href: '/admin/artworks/manage', label: 'Manage Artworks' },
      ]}
    >
      <EditArtworkForm params={params} />
    </AdminPage>
  );
}

async function EditArtworkForm({ params }: { params: Promise<{ id: string }> }) {
  const [ctx, { id }] = await Promise.all([adminForPage(), params]);
  if (!ctx) return null;
  const loaded = await loadArtworkForEdit(ctx, id);
  if (!loaded.ok)
    return (
      <RedirectWithToast title="Error fetching artwork" description={loaded.error} href="/admin/artworks/manage" />
    );
  const { artwork, values } = loaded.data;
  return (
    <>
      <p className="-mt-4 mb-6 text-ink-soft">
        {artwork.status === 'published' ? (
          <ViewOnSiteLink path={artworkPath(artwork)} title={artwork.title} size="sm" />
        ) : (
          'Not on the site: this artwork is not published.'
        )}
      </p>
      {/* Keyed by the last update, so a restore (which refreshes the page) shows in the form. */}
      <FreshEachVisit>
        <ArtworkForm
          key={artwork.updatedAt.toISOString()}
          artworkId={artwork.id}
          defaultValues={values}
          currentImageUrl={artwork.imageThumb800Url ?? artwork.imageUrl}
        >
          <DeleteArtworkButton
            id={artwork.id}
            title={artwork.title}
            failureTitle="Database Deletion Failed"
            afterDelete="/admin/artworks/manage"
          />
          {retrofitRecord(artwork) ? <RestorePreviousTextButton id={artwork.id} /> : null}
        </ArtworkForm>
      </FreshEachVisit>
    </>
  );
}
