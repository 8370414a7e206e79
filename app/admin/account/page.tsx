import type { Metadata } from 'next';
import { AdminPage } from '@/components/admin/admin-shell';
import { TwoFactorSettings } from '@/components/admin/account/two-factor-settings';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';
import { twoFactorStatus } from '@/lib/auth/two-factor/status';

export const metadata: Metadata = { title: { absolute: 'Account - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

export default function AccountPage() {
  return (
    <AdminPage title="Account" back={[{ href: '/admin', label: 'Back to Dashboard' }]}>
      <AccountSettings />
    </AdminPage>
  );
}

async function AccountSettings() {
  const ctx = await adminForPage();
  if (!ctx) return null;
  const status = await twoFactorStatus(ctx);
  return (
    <div className="max-w-2xl space-y-6">
      <p className="text-ink-soft">
        Signed in as <span className="font-medium text-ink">{ctx.user.email}</span>.
      </p>
      <TwoFactorSettings status={status} />
    </div>
  );
}
