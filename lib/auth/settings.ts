import type { Env } from '@/lib/env';
import type { SupabaseAuthSettings } from './supabase/options';

/*
 * What the auth adapters are given, worked out from the parsed environment. The port's two
 * entries (index.ts, and proxy.ts for the proxy) read the environment and hand it here; the
 * adapters never read it themselves.
 */

export type LocalAuthSettings = { secureCookies: boolean };

/** The site's server-only cookies (local sessions, device cookies, the basket) are Secure on a production https site. */
export function localAuthSettings(config: Env): LocalAuthSettings {
  return { secureCookies: config.NODE_ENV === 'production' && config.SITE_URL.startsWith('https:') };
}

/** Supabase Auth's project and key, and Secure cookies whenever the site is served over https; null unconfigured. */
export function supabaseAuthSettings(config: Env): SupabaseAuthSettings | null {
  const { NEXT_PUBLIC_SUPABASE_URL: url, NEXT_PUBLIC_SUPABASE_ANON_KEY: anonKey } = config;
  if (!url || !anonKey) return null;
  return { url, anonKey, secureCookies: new URL(config.SITE_URL).protocol === 'https:' };
}
