import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { GateScreen } from '@/components/auth/gate-screen';
import { SetupForm } from '@/components/auth/setup-form';
import { VerifyingAccess } from '@/components/auth/verifying-access';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { firstRunSetupOpen } from '@/lib/auth/setup-page';

export const metadata: Metadata = {
  title: { absolute: 'Set Up Admin Account - Admin' },
  robots: noindex,
  referrer: 'no-referrer',
};
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

/**
 * The first-run setup link the server printed (/admin/setup?token=…). Without a valid token,
 * or once any admin exists, a 404.
 */
export default function SetupPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  return (
    <Suspense fallback={<VerifyingAccess />}>
      <Setup searchParams={searchParams} />
    </Suspense>
  );
}

async function Setup({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  if (typeof token !== 'string' || !(await firstRunSetupOpen(token))) notFound();
  return (
    <GateScreen title="Set Up Your Admin Account">
      <p className="mt-2 text-ink-soft">
        No admin account exists yet. Choose the email and password you will sign in with. This link works once.
      </p>
      <SetupForm token={token} />
    </GateScreen>
  );
}
