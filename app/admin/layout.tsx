import type { Metadata } from 'next';
import { connection } from 'next/server';
import { Suspense } from 'react';
import { AdminGate } from '@/components/auth/admin-gate';
import { VerifyingAccess } from '@/components/auth/verifying-access';
import './admin.css';

// Outside the (site) group: no public header or footer on /admin.
export const metadata: Metadata = {
  title: 'Admin',
  robots: { index: false, follow: false, nocache: true, googleBot: { index: false, follow: false } },
};

// Admin pages render per request and are never served from a prerendered shell: a strict CSP
// lets only scripts carrying this request's nonce run (proxy.ts, lib/http/csp.ts), and Next
// puts the nonce on its scripts only when it renders them for the request. A blocking layout,
// allowed by instant = false, is what keeps the shell from being prerendered at build time.
// Every admin page sets instant = false too: Instant Navigation validation (`next dev` only)
// checks each page segment on its own, and one the gate does not render (the sign-in screen
// stands in for it) would be reported as "dropped from rendering".
export const instant = false;

export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  await connection();
  // Toasts come from the root layout's <Toaster />.
  return (
    <Suspense fallback={<VerifyingAccess />}>
      <AdminGate>{children}</AdminGate>
    </Suspense>
  );
}
