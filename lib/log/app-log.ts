import type { Database } from '@/lib/db/port';
import { asSystem, type Claims } from '@/lib/db/roles';
import { logsApp } from '@/lib/db/schema';
import { requestCorrelationId } from './correlation';
import { logger } from './logger';

export type AppLogEntry = {
  level: 'debug' | 'info' | 'warn' | 'error' | 'fatal';
  type?: string;
  feature?: string;
  message: string;
  correlationId?: string | null;
  url?: string;
  method?: string;
  status?: number;
  meta?: Record<string, unknown>;
  /** The acting user, where there are no claims to name them (a security event). */
  userId?: string;
};

/** logs_app.meta is capped in the database (16 KB of JSON); a larger one keeps a preview. */
const META_LIMIT = 16_000;

function boundedMeta(meta: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!meta) return undefined;
  const json = JSON.stringify(meta);
  return json.length <= META_LIMIT ? meta : { truncated: true, preview: json.slice(0, 4000) };
}

/**
 * Records an event in logs_app (what the admin's Application Logs viewer shows). Only the
 * server writes log rows (visitors' keys are public), naming the acting user when there is
 * one. Logging never breaks the caller.
 */
export async function recordAppLog(db: Database, entry: AppLogEntry, claims: Claims | null = null): Promise<void> {
  // Inside a request, the row and the log line carry its correlation id unless the caller names one.
  const correlationId = entry.correlationId === undefined ? await requestCorrelationId() : entry.correlationId;
  logger[entry.level]({ feature: entry.feature, correlationId, meta: entry.meta }, entry.message);
  const row = {
    level: entry.level,
    type: entry.type ?? 'backend',
    feature: entry.feature,
    message: entry.message.slice(0, 8000),
    correlationId: correlationId ?? undefined,
    url: entry.url?.slice(0, 2000),
    method: entry.method,
    status: entry.status,
    userId: claims?.sub ?? entry.userId,
    meta: boundedMeta(entry.meta),
  };
  try {
    await asSystem(db, 'app-log', (sys) => sys.insert(logsApp).values(row));
  } catch (error) {
    logger.error({ err: error }, 'could not record an application log row');
  }
}
