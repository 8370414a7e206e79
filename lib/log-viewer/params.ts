import { z } from 'zod';
import { logLevels } from '@/lib/db/schema';
import type { AppLogCursor, AppLogFilters } from '@/lib/log-viewer/queries';

/** The text filter's bound: what the form accepts, and what the server reads of a longer one. */
export const LOG_TEXT_MAX_LENGTH = 200;
export const LOG_FEATURE_MAX_LENGTH = 80;

export type AppLogsQuery = { filters: AppLogFilters; before?: AppLogCursor };

type SearchParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => [value].flat()[0]?.trim() ?? '';
const level = z.enum(logLevels);
const uuid = z.uuid();
// A timestamp as Postgres writes it ('2026-11-23 11:45:02.123456+00'), or ISO.
const timestamp = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)?$/;

/**
 * The screen's state lives in its URL (shareable, and Refresh reloads it): level, feature, q and
 * `before`, where an older page starts. Anything malformed is ignored, never an error.
 */
export function parseAppLogsQuery(params: SearchParams): AppLogsQuery {
  const filters: AppLogFilters = {};
  const parsedLevel = level.safeParse(first(params.level));
  if (parsedLevel.success) filters.level = parsedLevel.data;
  const feature = first(params.feature).slice(0, LOG_FEATURE_MAX_LENGTH);
  if (feature) filters.feature = feature;
  const q = first(params.q).slice(0, LOG_TEXT_MAX_LENGTH);
  if (q) filters.q = q;
  return { filters, before: parseCursor(first(params.before)) };
}

export function parseCursor(value: string): AppLogCursor | undefined {
  const cut = value.lastIndexOf('|');
  if (cut < 0) return undefined;
  const ts = value.slice(0, cut);
  const id = value.slice(cut + 1);
  return timestamp.test(ts) && uuid.safeParse(id).success ? { ts, id } : undefined;
}

/** The screen's URL for these filters, from the newest row or from `before`. */
export function appLogsHref(filters: AppLogFilters, before?: AppLogCursor | null): string {
  const params = new URLSearchParams();
  if (filters.level) params.set('level', filters.level);
  if (filters.feature) params.set('feature', filters.feature);
  if (filters.q) params.set('q', filters.q);
  if (before) params.set('before', `${before.ts}|${before.id}`);
  const query = params.toString();
  return `/admin/logs/app${query ? `?${query}` : ''}`;
}
