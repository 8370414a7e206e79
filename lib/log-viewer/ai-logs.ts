import 'server-only';
import { readForPage, type PageRead } from '@/lib/actions/admin-page';
import type { AdminContext } from '@/lib/auth/types';
import { listAiRetrofitLogs, type AiRetrofitLog } from '@/lib/ai';
import { asAdmin } from '@/lib/db/roles';

/** The AI Retrofit Logs screen's rows, read per request as the admin (never cached). */
export function loadAiLogs(ctx: AdminContext): Promise<PageRead<AiRetrofitLog[]>> {
  return readForPage({ feature: 'ai', what: 'the AI retrofit logs' }, () =>
    asAdmin(ctx.db, ctx.claims, (tx) => listAiRetrofitLogs(tx)),
  );
}
