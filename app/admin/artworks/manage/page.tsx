import type { Metadata } from 'next';
import Link from 'next/link';
import { Plus } from 'lucide-react';
import { AdminPage, ReadFailed } from '@/components/admin/admin-shell';
import { ArtworksTable } from '@/components/admin/artworks/artworks-table';
import { buttonVariants } from '@/components/ui/button';
import { loadArtworksForManage } from '@/lib/artworks/admin/read';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';

export const metadata: Metadata = { title: { absolute: 'Manage Artworks - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

export default function ManageArtworksPage() {
  return (
    <AdminPage
      title="Manage Artworks"
      back={[{ href: '/admin', label: 'Back to Dashboard' }]}
      actions={
        <Link href="/admin/artworks/add" className={buttonVariants()}>
          <Plus aria-hidden className="size-4" /> Add New Artwork
        </Link>
      }
    >
      <ArtworkList />
    </AdminPage>
  );
}

async function ArtworkList() {
  const ctx = await adminForPage();
  if (!ctx) return null;
  const loaded = await loadArtworksForManage(ctx);
  if (!loaded.ok) {
    return <ReadFailed title="Failed to fetch artworks" error={loaded.error} />;
  }
  return <ArtworksTable artworks={loaded.data} />;
}
