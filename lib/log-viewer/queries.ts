import { and, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '@/lib/db/port';
import { logLevels, logsApp } from '@/lib/db/schema';

/**
 * The Application Logs screen's reads and its clear. They run inside asAdmin(...) transactions,
 * so the policies "Admins can read/clear application logs" decide: anyone else sees and deletes
 * nothing.
 */

export type LogLevel = (typeof logLevels)[number];

export type AppLogRow = {
  id: string;
  ts: Date;
  level: LogLevel;
  type: string | null;
  feature: string | null;
  message: string;
  correlationId: string | null;
  url: string | null;
  method: string | null;
  status: number | null;
  userId: string | null;
  meta: unknown;
};

export type AppLogFilters = { level?: LogLevel; feature?: string; q?: string };

/**
 * Where the next page starts: the last row's timestamp as Postgres wrote it (microseconds,
 * which a JavaScript Date would lose) and its id, so rows arriving meanwhile never shift a page.
 */
export type AppLogCursor = { ts: string; id: string };

export type AppLogPage = { rows: AppLogRow[]; next: AppLogCursor | null };

export const APP_LOG_PAGE_SIZE = 100;

/** A text filter as a LIKE pattern that matches literally (% and _ are not wildcards). */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filtersWhere({ level, feature, q }: AppLogFilters): SQL | undefined {
  const text = q?.trim();
  return and(
    level ? eq(logsApp.level, level) : undefined,
    feature ? eq(logsApp.feature, feature) : undefined,
    // The message, or a correlation id pasted whole (an admin's 'Reference: …' finds its rows).
    text ? or(ilike(logsApp.message, containing(text)), eq(logsApp.correlationId, text)) : undefined,
  );
}

/**
 * Newest first by ts (docs/product.md, Application Logs), 100 a page, filtered; `before` continues
 * after a page's last row.
 */
export async function listAppLogs(
  tx: Tx,
  filters: AppLogFilters = {},
  before?: AppLogCursor,
  pageSize = APP_LOG_PAGE_SIZE,
): Promise<AppLogPage> {
  const after = before
    ? sql`(${logsApp.ts}, ${logsApp.id}) < (${before.ts}::timestamptz, ${before.id}::uuid)`
    : undefined;
  const found = await tx
    .select({
      id: logsApp.id,
      ts: logsApp.ts,
      tsText: sql<string>`${logsApp.ts}::text`,
      level: logsApp.level,
      type: logsApp.type,
      feature: logsApp.feature,
      message: logsApp.message,
      correlationId: logsApp.correlationId,
      url: logsApp.url,
      method: logsApp.method,
      status: logsApp.status,
      userId: logsApp.userId,
      meta: logsApp.meta,
    })
    .from(logsApp)
    .where(and(filtersWhere(filters), after))
    .orderBy(desc(logsApp.ts), desc(logsApp.id))
    .limit(pageSize + 1);
  const page = found.slice(0, pageSize);
  const last = page.at(-1);
  return {
    rows: page.map(withoutCursor),
    next: found.length > pageSize && last ? { ts: last.tsText, id: last.id } : null,
  };
}

function withoutCursor<R extends { tsText: string }>({ tsText, ...row }: R): Omit<R, 'tsText'> {
  void tsText;
  return row;
}

/** The features that have rows, for the filter's choices (bounded: it is a dropdown). */
export async function listAppLogFeatures(tx: Tx, limit = 200): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ feature: logsApp.feature })
    .from(logsApp)
    .where(isNotNull(logsApp.feature))
    .orderBy(logsApp.feature)
    .limit(limit);
  return rows.map((row) => row.feature!);
}

/**
 * Deletes every row the admin may delete (all of them: docs/product.md, Application Logs); how many
 * went.
 */
export async function clearAppLogs(tx: Tx): Promise<number> {
  const deleted = await tx.delete(logsApp).returning({ id: logsApp.id });
  return deleted.length;
}
