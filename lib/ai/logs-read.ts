import 'server-only';
import { correlationIdOfRequest } from '@/lib/actions/admin-action';
import { publicMessage } from '@/lib/actions/user-facing-error';
import type { AdminContext } from '@/lib/auth/types';
import { listAiRetrofitLogs, type AiRetrofitLog } from '@/lib/db/queries/ai-retrofit';
import { asAdmin } from '@/lib/db/roles';
import { logger } from '@/lib/log/logger';

/** The AI Retrofit Logs screen's rows, read per request as the admin (never cached). */
export async function loadAiLogs(ctx: AdminContext): Promise<{ ok: true; logs: AiRetrofitLog[] } | { ok: false; error: string }> {
  try {
    return { ok: true, logs: await asAdmin(ctx.db, ctx.claims, (tx) => listAiRetrofitLogs(tx)) };
  } catch (error) {
    const correlationId = await correlationIdOfRequest();
    logger.error({ err: error, feature: 'ai', correlationId }, 'reading the AI retrofit logs failed');
    return { ok: false, error: publicMessage(error, correlationId) };
  }
}
