import type { Metadata } from 'next';
import { AdminPage } from '@/components/admin/admin-shell';
import { AppLogsView } from '@/components/admin/logs/app-logs-view';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';
import { parseAppLogsQuery } from '@/lib/log-viewer/params';
import { loadAppLogs } from '@/lib/log-viewer/read';

export const metadata: Metadata = { title: { absolute: 'Application Logs - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default function ApplicationLogsPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <AdminPage title="Application Logs" back={[{ href: '/admin', label: 'Back to Dashboard' }]}>
      <AppLogs searchParams={searchParams} />
    </AdminPage>
  );
}

async function AppLogs({ searchParams }: { searchParams: SearchParams }) {
  const [ctx, params] = await Promise.all([adminForPage(), searchParams]);
  if (!ctx) return null;
  const query = parseAppLogsQuery(params);
  return <AppLogsView query={query} loaded={await loadAppLogs(ctx, query)} />;
}
