import type { Metadata } from 'next';
import Link from 'next/link';
import { Plus } from 'lucide-react';
import { Suspense } from 'react';
import { AdminLoading, AdminPageHeader, AdminShell, BackLink } from '@/components/admin/admin-shell';
import { ArtworksTable } from '@/components/admin/artworks/artworks-table';
import { ToastOnMount } from '@/components/admin/artworks/redirect-with-toast';
import { buttonVariants } from '@/components/ui/button';
import { loadArtworksForManage } from '@/lib/artworks/admin/read';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';

export const metadata: Metadata = { title: { absolute: 'Manage Artworks - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

export default function ManageArtworksPage() {
  return (
    <AdminShell>
      <AdminPageHeader
        title="Manage Artworks"
        back={<BackLink href="/admin">Back to Dashboard</BackLink>}
        actions={
          <Link href="/admin/artworks/add" className={buttonVariants()}>
            <Plus aria-hidden className="size-4" /> Add New Artwork
          </Link>
        }
      />
      <Suspense fallback={<AdminLoading />}>
        <ArtworkList />
      </Suspense>
    </AdminShell>
  );
}

async function ArtworkList() {
  const ctx = await adminForPage();
  if (!ctx) return null;
  const loaded = await loadArtworksForManage(ctx);
  if (!loaded.ok) {
    return (
      <div role="alert" className="rounded-card border border-clay/40 bg-white p-6 text-ink">
        <ToastOnMount title="Failed to fetch artworks" description={loaded.error} />
        Failed to fetch artworks: {loaded.error}
      </div>
    );
  }
  return <ArtworksTable artworks={loaded.data} />;
}
