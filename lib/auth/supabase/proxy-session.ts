import { createServerClient } from '@supabase/ssr';
import type { NextRequest, NextResponse } from 'next/server';
import { supabaseClientOptions, type CookieToSet, type SupabaseAuthSettings } from './options';

/**
 * Refreshes an expiring Supabase session in proxy.ts, before server components run (they cannot
 * set cookies). The refreshed cookies go both to the request (so this render sees them) and to
 * the response (so the browser keeps them). This is not an authorization check.
 * Returns a function that copies the new cookies onto the response proxy.ts builds.
 */
export async function refreshSupabaseSession(
  request: NextRequest,
  settings: SupabaseAuthSettings,
): Promise<(response: NextResponse) => void> {
  let pending: CookieToSet[] = [];
  let cacheHeaders: Record<string, string> = {};
  // Only requests that carry a Supabase auth cookie can need a refresh.
  if (!request.cookies.getAll().some((c) => c.name.startsWith('sb-'))) return () => {};
  const supabase = createServerClient(settings.url, settings.anonKey, {
    ...supabaseClientOptions(settings),
    cookies: {
      getAll: () => request.cookies.getAll(),
      setAll(list: CookieToSet[], headers: Record<string, string>) {
        for (const { name, value } of list) request.cookies.set(name, value);
        pending = list;
        cacheHeaders = headers ?? {};
      },
    },
  });
  // Do not run code between createServerClient and getClaims(): getClaims() is what refreshes.
  await supabase.auth.getClaims();
  return (response) => {
    for (const { name, value, options } of pending) response.cookies.set(name, value, options);
    for (const [key, value] of Object.entries(cacheHeaders)) response.headers.set(key, value);
  };
}
