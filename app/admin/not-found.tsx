import type { Metadata } from 'next';
import { AdminNotFound } from '@/components/admin/admin-not-found';

export const metadata: Metadata = {
  title: { absolute: 'Page Not Found - Admin' },
  robots: { index: false, follow: false },
};

/** An admin URL that does not exist, or notFound() in an admin page: the admin frame stays. */
export default function AdminNotFoundPage() {
  return <AdminNotFound />;
}
