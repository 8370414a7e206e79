import type { Metadata } from 'next';
import { AdminPage, ReadFailed } from '@/components/admin/admin-shell';
import { AiLogsTable } from '@/components/admin/logs/ai-logs-table';
import { ClearLogsButton } from '@/components/admin/logs/clear-logs-button';
import { RefreshButton } from '@/components/admin/logs/refresh-button';
import { clearAiLogsAction } from '@/lib/ai/actions';
import { loadAiLogs } from '@/lib/log-viewer/ai-logs';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';

export const metadata: Metadata = { title: { absolute: 'AI Retrofit Logs - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

export default function AiLogsPage() {
  return (
    <AdminPage title="AI Retrofit Logs" back={[{ href: '/admin', label: 'Back to Dashboard' }]}>
      <AiLogs />
    </AdminPage>
  );
}

async function AiLogs() {
  const ctx = await adminForPage();
  if (!ctx) return null;
  const loaded = await loadAiLogs(ctx);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-ink-soft">The latest 100 artworks the AI retrofit could not update, newest first.</p>
        <div className="flex flex-wrap gap-2">
          <RefreshButton />
          <ClearLogsButton
            clear={clearAiLogsAction}
            empty={!loaded.ok || loaded.data.length === 0}
            description="This will permanently delete all AI retrofit logs."
            clearedDescription="All AI retrofit logs have been deleted."
          />
        </div>
      </div>
      {loaded.ok ? <AiLogsTable logs={loaded.data} /> : <ReadFailed title="Error fetching logs" error={loaded.error} />}
    </div>
  );
}
