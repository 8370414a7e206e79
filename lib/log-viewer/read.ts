import 'server-only';
import { readForPage, type PageRead } from '@/lib/actions/admin-page';
import type { AdminContext } from '@/lib/auth/types';
import { listAppLogFeatures, listAppLogs, type AppLogPage } from '@/lib/log-viewer/queries';
import { asAdmin } from '@/lib/db/roles';
import type { AppLogsQuery } from './params';

export type AppLogsScreen = AppLogPage & { features: string[] };

/** One page of the Application Logs, read per request as the admin (never cached). */
export function loadAppLogs(ctx: AdminContext, { filters, before }: AppLogsQuery): Promise<PageRead<AppLogsScreen>> {
  return readForPage({ feature: 'app-logs', what: 'the application logs' }, async () => {
    const [page, features] = await asAdmin(
      ctx.db,
      ctx.claims,
      async (tx) => [await listAppLogs(tx, filters, before), await listAppLogFeatures(tx)] as const,
    );
    return { ...page, features };
  });
}
