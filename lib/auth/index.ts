import 'server-only';
import { env } from '@/lib/env';
import type { AuthAdapter } from './port';

/** Options for a cookie only the server reads: sessions, device cookies, the shop's basket. */
export { sessionCookieOptions } from './local/cookie';

/** The adapter the environment names (env().authAdapter), loaded on first use. */
export async function authAdapter(): Promise<AuthAdapter> {
  if (env().authAdapter === 'supabase') {
    const { supabaseAuthAdapter } = await import('./supabase/adapter');
    return supabaseAuthAdapter;
  }
  const { localAuthAdapter } = await import('./local/adapter');
  return localAuthAdapter;
}
