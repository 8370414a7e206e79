import type { Metadata } from 'next';
import { AdminPage } from '@/components/admin/admin-shell';
import { BulkUploader } from '@/components/admin/bulk-upload/bulk-uploader';
import { HeldDropsScript } from '@/components/admin/bulk-upload/held-drops';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';

export const metadata: Metadata = { title: { absolute: 'Bulk Upload Artworks - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

export default function BulkUploadPage() {
  return (
    <AdminPage
      title="Bulk Upload Artworks"
      back={[
        { href: '/admin', label: 'Dashboard' },
        { href: '/admin/artworks/manage', label: 'Manage Artworks' },
      ]}
    >
      <BulkUploadForAdmin />
    </AdminPage>
  );
}

async function BulkUploadForAdmin() {
  if (!(await adminForPage())) return null;
  return (
    <>
      <HeldDropsScript />
      <BulkUploader />
    </>
  );
}
