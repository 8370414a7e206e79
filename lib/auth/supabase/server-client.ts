import 'server-only';
import { createServerClient } from '@supabase/ssr';
import type { SupabaseClient } from '@supabase/supabase-js';
import { cookies } from 'next/headers';
import { supabaseClientOptions, type CookieToSet, type SupabaseAuthSettings } from './options';

/**
 * A Supabase client for THIS request, reading and writing its cookies. Never keep one in a
 * module variable: it would carry one user's session into another's request.
 */
export async function createSupabaseServerClient(settings: SupabaseAuthSettings): Promise<SupabaseClient> {
  const jar = await cookies();
  return createServerClient(settings.url, settings.anonKey, {
    ...supabaseClientOptions(settings),
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
