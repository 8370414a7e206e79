import 'server-only';
import { publicMessage } from '@/lib/actions/user-facing-error';
import type { AdminContext } from '@/lib/auth/types';
import { listAppLogFeatures, listAppLogs, type AppLogPage } from '@/lib/db/queries/logs-app';
import { asAdmin } from '@/lib/db/roles';
import { injectedFault } from '@/lib/seams';
import { requestCorrelationId } from '../correlation';
import { logger } from '../logger';
import type { AppLogsQuery } from './params';

export type AppLogsScreen = AppLogPage & { features: string[] };

/** One page of the Application Logs, read per request as the admin (never cached). */
export async function loadAppLogs(ctx: AdminContext, { filters, before }: AppLogsQuery): Promise<({ ok: true } & AppLogsScreen) | { ok: false; error: string }> {
  try {
    // e2e seam (off in production): scoped to the test's own text filter.
    if (filters.q && injectedFault(`app-logs-read-${filters.q}`)) throw new Error('Injected fault: the application logs read failed');
    const [page, features] = await asAdmin(ctx.db, ctx.claims, async (tx) => [await listAppLogs(tx, filters, before), await listAppLogFeatures(tx)] as const);
    return { ok: true, ...page, features };
  } catch (error) {
    const correlationId = await requestCorrelationId();
    logger.error({ err: error, feature: 'app-logs', correlationId }, 'reading the application logs failed');
    return { ok: false, error: publicMessage(error, correlationId) };
  }
}
