import type { NextRequest, NextResponse } from 'next/server';
import { env } from '@/lib/env';
import { supabaseAuthSettings } from './settings';
import { refreshSupabaseSession } from './supabase/proxy-session';

/*
 * The auth port's second public entry, for proxy.ts alone. index.ts loads the adapters, and the
 * local one opens the database (PGlite, postgres.js, bcrypt): a bundler follows even a lazy
 * import(), so reaching the proxy's one need through index.ts would put all of that in the
 * proxy's bundle. This entry reaches only the Supabase session refresh.
 */

/**
 * Refreshes an expiring Supabase session before server components run (they cannot set
 * cookies); local sessions slide server-side (lib/auth/local/sessions.ts), so with them nothing
 * happens. Returns what copies the refreshed cookies onto the proxy's response. Not an
 * authorization check.
 */
export async function refreshSessionInProxy(request: NextRequest): Promise<(response: NextResponse) => void> {
  const config = env();
  const settings = config.authAdapter === 'supabase' ? supabaseAuthSettings(config) : null;
  if (!settings) return () => {};
  try {
    return await refreshSupabaseSession(request, settings);
  } catch {
    // An unreachable Auth server must not take the site down; the page's own check decides.
    return () => {};
  }
}
