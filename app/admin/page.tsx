import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AdminPage } from '@/components/admin/admin-shell';
import { Dashboard } from '@/components/admin/dashboard/dashboard';
import { InsightsSummary } from '@/components/admin/insights/insights-summary';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage, readForPage } from '@/lib/actions/admin-page';
import type { AdminContext } from '@/lib/auth/types';
import { loadInsightsSummary } from '@/lib/insights/read';
import { countNewMessages } from '@/lib/messages/inbox';
import { countToShip } from '@/lib/shop/orders';

export const metadata: Metadata = { title: { absolute: 'Dashboard - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

export default function AdminDashboardPage() {
  return (
    <AdminPage>
      <DashboardForAdmin />
    </AdminPage>
  );
}

async function DashboardForAdmin() {
  const ctx = await adminForPage();
  if (!ctx) return null;
  const [newMessages, toShip] = await Promise.all([
    readForPage({ feature: 'messages', what: 'the new messages count' }, () => countNewMessages(ctx.db)),
    readForPage({ feature: 'shop', what: 'the orders to ship' }, () => countToShip(ctx.db)),
  ]);
  return (
    <Dashboard
      email={ctx.user.email}
      newMessages={newMessages.ok ? newMessages.data : null}
      toShip={toShip.ok ? toShip.data : null}
      insights={
        <Suspense fallback={<InsightsSummary summary="loading" />}>
          <DashboardInsights ctx={ctx} />
        </Suspense>
      }
    />
  );
}

async function DashboardInsights({ ctx }: { ctx: AdminContext }) {
  const loaded = await readForPage({ feature: 'insights', what: 'the insights summary' }, () =>
    loadInsightsSummary(ctx),
  );
  return <InsightsSummary summary={loaded.ok ? loaded.data : null} />;
}
