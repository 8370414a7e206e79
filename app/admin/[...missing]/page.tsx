import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { AdminLoading } from '@/components/admin/admin-shell';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';

export const metadata: Metadata = { title: { absolute: 'Page Not Found - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

/**
 * Any /admin URL no admin route matches. An admin gets the admin 404 (app/admin/not-found.tsx)
 * with the way back to the dashboard; anyone else sees the gate's screen, as on every admin
 * URL, so a stranger cannot tell which admin addresses exist.
 */
export default function MissingAdminPage() {
  return (
    <Suspense fallback={<AdminLoading />}>
      <Missing />
    </Suspense>
  );
}

async function Missing() {
  if (!(await adminForPage())) return null;
  notFound();
}
