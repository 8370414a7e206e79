import type { Metadata } from 'next';
import { AdminPage } from '@/components/admin/admin-shell';
import { SitemapManager } from '@/components/admin/sitemap/sitemap-manager';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';
import { loadSitemapScreen } from '@/lib/sitemap/screen';

export const metadata: Metadata = { title: { absolute: 'Sitemap Manager - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

export default function SitemapManagerPage() {
  return (
    <AdminPage title="Sitemap Manager" back={[{ href: '/admin', label: 'Back to Dashboard' }]}>
      <Manager />
    </AdminPage>
  );
}

async function Manager() {
  const ctx = await adminForPage();
  if (!ctx) return null;
  return <SitemapManager initial={await loadSitemapScreen(ctx)} />;
}
