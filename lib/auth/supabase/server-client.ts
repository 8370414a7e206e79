import 'server-only';
import { createServerClient } from '@supabase/ssr';
import type { SupabaseClient } from '@supabase/supabase-js';
import { cookies } from 'next/headers';
import { env } from '@/lib/env';
import { supabaseClientOptions, type CookieToSet } from './options';

export function supabaseConfig(): { url: string; anonKey: string } {
  const { NEXT_PUBLIC_SUPABASE_URL: url, NEXT_PUBLIC_SUPABASE_ANON_KEY: anonKey } = env();
  if (!url || !anonKey)
    throw new Error('Supabase auth is not configured (NEXT_PUBLIC_SUPABASE_URL, NEXT_PUBLIC_SUPABASE_ANON_KEY).');
  return { url, anonKey };
}

/**
 * A Supabase client for THIS request, reading and writing its cookies. Never keep one in a
 * module variable: it would carry one user's session into another's request.
 */
export async function createSupabaseServerClient(): Promise<SupabaseClient> {
  const jar = await cookies();
  const { url, anonKey } = supabaseConfig();
  return createServerClient(url, anonKey, {
    ...supabaseClientOptions(),
    cookies: {
      getAll: () => jar.getAll(),
      setAll(list: CookieToSet[]) {
        try {
          for (const { name, value, options } of list) jar.set(name, value, options);
        } catch {
          // Server components cannot set cookies; proxy.ts refreshes the session before them.
        }
      },
    },
  });
}
