import type { Database } from '@/lib/db/port';
import { asAdmin, type Claims } from '@/lib/db/roles';
import { recordAppLog } from '@/lib/log/app-log';
import { GOOGLE_RESULT } from './messages';
import { notifyIndexNow } from '@/lib/search-engines/notify';
import { countQueuedChanges, recordSitemapRun } from '@/lib/search-engines/queue';
import type { SearchEngineNotifier } from '@/lib/search-engines/port';

/**
 * The generate-sitemap answer (docs/product.md, Calls), plus what the screen shows
 * afterwards.
 */
export type GenerateSitemapResult = {
  sitemapUrl: string;
  pingResult: { google: string; bing: string };
  fatal: boolean;
  error: string | null;
  /** When this run generated the sitemap (ISO); null if it could not. */
  lastGenerated: string | null;
  /** Changed addresses still waiting to be sent. */
  queued: number | null;
};

export type GenerateSitemapDeps = {
  db: Database;
  claims: Claims;
  /** The site's address (SITE_URL): the sitemap's is made from it. */
  siteUrl: string;
  /** Who is told of the changed addresses; null when search engines are not configured (no INDEXNOW_KEY). */
  searchEngines: SearchEngineNotifier | null;
  /** Expires the sitemap's cache tag, so /sitemap.xml is rebuilt on its next request. */
  refresh: () => void | Promise<void>;
  /** Builds the sitemap's entries (a database read): proves the refreshed sitemap can be made. */
  entries: () => Promise<unknown[]>;
  correlationId?: string | null;
  now?: () => Date;
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The Sitemap Manager's run: refresh the sitemap, notify IndexNow of the addresses changed since
 * the last notification, record the run (kept across restarts) and log it in logs_app. Fatal
 * only when the sitemap itself could not be refreshed; a failed notification is reported in
 * pingResult.bing.
 */
export async function generateSitemap(deps: GenerateSitemapDeps): Promise<GenerateSitemapResult> {
  const sitemapUrl = new URL('/sitemap.xml', deps.siteUrl).toString();
  const log = (level: 'info' | 'warn' | 'error', message: string, meta: Record<string, unknown>) =>
    recordAppLog(
      deps.db,
      {
        level,
        feature: 'sitemap',
        message,
        correlationId: deps.correlationId,
        url: '/api/generate-sitemap',
        method: 'POST',
        meta,
      },
      deps.claims,
    );

  let urls: number;
  try {
    await deps.refresh();
    urls = (await deps.entries()).length;
  } catch (error) {
    const message = `The sitemap could not be refreshed: ${messageOf(error)}`;
    await log('error', message, {});
    return {
      sitemapUrl,
      pingResult: { google: GOOGLE_RESULT, bing: 'not notified: the sitemap could not be refreshed' },
      fatal: true,
      error: message,
      lastGenerated: null,
      queued: null,
    };
  }
  const generatedAt = (deps.now ?? (() => new Date()))();

  let bing: string;
  let notified: { at: Date; outcome: string } | undefined;
  let ok = false;
  let queued: number | null = null;
  try {
    const result = await notifyIndexNow(deps.db, deps.claims, deps.searchEngines);
    bing = result.message;
    ok = result.ok;
    queued = result.remaining;
    if (result.attempted) notified = { at: generatedAt, outcome: result.message };
  } catch (error) {
    bing = `not notified: the changed addresses could not be read (${messageOf(error)})`;
  }

  let error: string | null = null;
  try {
    await asAdmin(deps.db, deps.claims, (tx) => recordSitemapRun(tx, { generatedAt, notified }));
    if (queued === null) queued = await asAdmin(deps.db, deps.claims, countQueuedChanges);
  } catch (recordError) {
    error = `The sitemap was refreshed, but the time of this run could not be recorded: ${messageOf(recordError)}`;
  }

  await log(
    ok && !error ? 'info' : 'warn',
    `Sitemap generated (${urls} URLs). Google: ${GOOGLE_RESULT}. Bing (IndexNow): ${bing}.`,
    { urls, queued, google: GOOGLE_RESULT, bing, error },
  );
  return {
    sitemapUrl,
    pingResult: { google: GOOGLE_RESULT, bing },
    fatal: false,
    error,
    lastGenerated: generatedAt.toISOString(),
    queued,
  };
}
