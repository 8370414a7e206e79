import { env } from '@/lib/env';
import { createIndexNowNotifier } from './indexnow-adapter';
import type { SearchEngineNotifier } from './port';

/** Where IndexNow looks for the key file (lib/search-engines/key-file.ts serves it). */
export { keyFilePath } from './indexnow-adapter';

/**
 * What the search-engine notifier is built from: IndexNow's key (INDEXNOW_KEY; unset: search
 * engines are not notified), its endpoint (INDEXNOW_ENDPOINT) and the site's address (SITE_URL).
 */
export type SearchEngineSettings = { key?: string; endpoint: string; siteUrl: string };

/** The search-engine settings from the environment (see lib/env.ts). */
export function searchEngineSettings(): SearchEngineSettings {
  const config = env();
  return { key: config.INDEXNOW_KEY, endpoint: config.INDEXNOW_ENDPOINT, siteUrl: config.SITE_URL };
}

/** The search engines to notify of changed pages: IndexNow, or null when no key is set. */
export function searchEngineNotifier(
  settings: SearchEngineSettings = searchEngineSettings(),
): SearchEngineNotifier | null {
  if (!settings.key) return null;
  return createIndexNowNotifier({ key: settings.key, endpoint: settings.endpoint, siteUrl: settings.siteUrl });
}
