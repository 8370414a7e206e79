import type { Database } from '@/lib/db/client';
import { asUser, asVisitor, type Claims } from '@/lib/db/roles';
import { logsApp } from '@/lib/db/schema';
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
};

/**
 * Records an event in logs_app (what the admin's Application Logs viewer shows) as the acting
 * user or a visitor, so the insert policy applies. Logging never breaks the caller.
 */
export async function recordAppLog(db: Database, entry: AppLogEntry, claims: Claims | null = null): Promise<void> {
  logger[entry.level]({ feature: entry.feature, correlationId: entry.correlationId, meta: entry.meta }, entry.message);
  const row = {
    level: entry.level,
    type: entry.type ?? 'backend',
    feature: entry.feature,
    message: entry.message.slice(0, 8000),
    correlationId: entry.correlationId ?? undefined,
    url: entry.url?.slice(0, 2000),
    method: entry.method,
    status: entry.status,
    userId: claims?.sub,
    meta: entry.meta,
  };
  try {
    if (claims) await asUser(db, claims, (tx) => tx.insert(logsApp).values(row));
    else await asVisitor(db, (tx) => tx.insert(logsApp).values(row));
  } catch (error) {
    logger.error({ err: error }, 'could not record an application log row');
  }
}
