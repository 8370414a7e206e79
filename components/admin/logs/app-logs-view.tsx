import { ReadFailed } from '@/components/admin/admin-shell';
import type { PageRead } from '@/lib/actions/admin-page';
import type { AppLogsQuery } from '@/lib/log-viewer/params';
import type { AppLogsScreen } from '@/lib/log-viewer/read';
import { clearApplicationLogs } from '@/lib/log-viewer/actions';
import { AppLogsFilterForm } from './app-logs-filter-form';
import { AppLogsPager } from './app-logs-pager';
import { AppLogsTable } from './app-logs-table';
import { ClearLogsButton } from './clear-logs-button';
import { LogsToolbar } from './logs-toolbar';
import { RefreshButton } from './refresh-button';

type Props = { query: AppLogsQuery; loaded: PageRead<AppLogsScreen> };

/** The Application Logs screen below its heading: Filters, Refresh, Clear All Logs, the table and its pages. */
export function AppLogsView({ query, loaded }: Props) {
  const { filters, before } = query;
  const activeFilters = [filters.level, filters.feature, filters.q].filter(Boolean).length;
  if (!loaded.ok) {
    return (
      <>
        <div className="mb-4 flex flex-wrap gap-2">
          <RefreshButton />
        </div>
        <ReadFailed title="Error fetching logs" error={loaded.error} />
      </>
    );
  }
  const { rows, next, features } = loaded.data;
  return (
    <>
      <LogsToolbar activeFilters={activeFilters} filters={<AppLogsFilterForm filters={filters} features={features} />}>
        <RefreshButton />
        {/* Disabled only when the log itself is empty, not when filters or a page show no rows. */}
        <ClearLogsButton
          clear={clearApplicationLogs}
          empty={rows.length === 0 && activeFilters === 0 && !before}
          description="This will permanently delete all application logs."
          clearedDescription="All application logs have been deleted."
        />
      </LogsToolbar>
      {rows.length === 0 ? (
        <p className="rounded-card border border-line bg-white p-8 text-center text-ink-soft">
          {activeFilters > 0 || before ? 'No logs match these filters.' : 'No logs found. It’s all clear!'}
        </p>
      ) : (
        <>
          <AppLogsTable rows={rows} />
          <AppLogsPager filters={filters} shown={rows.length} older={next} paged={Boolean(before)} />
        </>
      )}
    </>
  );
}
