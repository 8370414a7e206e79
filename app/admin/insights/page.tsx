import type { Metadata } from 'next';
import { AdminPage } from '@/components/admin/admin-shell';
import { InsightsView } from '@/components/admin/insights/insights-view';
import { RangeNav } from '@/components/admin/insights/range-nav';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage, readForPage } from '@/lib/actions/admin-page';
import { parseRangeDays } from '@/lib/insights/range';
import { loadInsightsScreen } from '@/lib/insights/read';

export const metadata: Metadata = { title: { absolute: 'Insights - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default function InsightsPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <AdminPage title="Insights" back={[{ href: '/admin', label: 'Back to Dashboard' }]}>
      <Insights searchParams={searchParams} />
    </AdminPage>
  );
}

async function Insights({ searchParams }: { searchParams: SearchParams }) {
  const [ctx, params] = await Promise.all([adminForPage(), searchParams]);
  if (!ctx) return null;
  const days = parseRangeDays(params.days);
  const loaded = await readForPage({ feature: 'insights', what: 'the insights' }, () => loadInsightsScreen(ctx, days));
  return (
    <div className="flex flex-col gap-6">
      <RangeNav days={days} />
      {loaded.ok ? (
        <InsightsView screen={loaded.data} days={days} />
      ) : (
        <p role="alert" className="rounded-card border border-red-300 bg-red-50 px-4 py-3 text-red-900">
          The insights could not be read: {loaded.error}
        </p>
      )}
    </div>
  );
}
