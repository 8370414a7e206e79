import 'server-only';
import { env } from '@/lib/env';
import { sessionCookieOptions as cookieOptions } from './local/cookie';
import type { AuthAdapter } from './port';
import { localAuthSettings, supabaseAuthSettings } from './settings';

/** The adapter the environment names (env().authAdapter), loaded on first use. */
export async function authAdapter(): Promise<AuthAdapter> {
  const config = env();
  if (config.authAdapter === 'supabase') {
    const settings = supabaseAuthSettings(config);
    if (!settings)
      throw new Error('Supabase auth is not configured (NEXT_PUBLIC_SUPABASE_URL, NEXT_PUBLIC_SUPABASE_ANON_KEY).');
    const { createSupabaseAuthAdapter } = await import('./supabase/adapter');
    return createSupabaseAuthAdapter(settings);
  }
  const { createLocalAuthAdapter } = await import('./local/adapter');
  return createLocalAuthAdapter(localAuthSettings(config));
}

/** Options for a cookie only the server reads: sessions, device cookies, the shop's basket. */
export function sessionCookieOptions(maxAgeSeconds: number) {
  return cookieOptions(maxAgeSeconds, { secure: localAuthSettings(env()).secureCookies });
}

/** Local accounts' server-side sessions: first-run setup signs its new admin in, and sign-in prunes expired ones. */
export { SESSION_COOKIE } from './local/cookie';
export { createSession, deleteExpiredSessions, revokeSession } from './local/sessions';
