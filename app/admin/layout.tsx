import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AdminGate } from '@/components/auth/admin-gate';
import { VerifyingAccess } from '@/components/auth/verifying-access';

// Outside the (site) group: no public header or footer on /admin.
export const metadata: Metadata = {
  title: 'Admin',
  robots: { index: false, follow: false, nocache: true, googleBot: { index: false, follow: false } },
};

export default function AdminLayout({ children }: { children: React.ReactNode }) {
  // Toasts come from the root layout's <Toaster />.
  return (
    <Suspense fallback={<VerifyingAccess />}>
      <AdminGate>{children}</AdminGate>
    </Suspense>
  );
}
