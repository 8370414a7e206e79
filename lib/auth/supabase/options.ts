import type { CookieOptions } from '@supabase/ssr';
import WebSocket from 'ws';

export type CookieToSet = { name: string; value: string; options: CookieOptions };

/** What the Supabase adapter is given (lib/auth/settings.ts): the project, its anon key, and whether cookies are Secure. */
export type SupabaseAuthSettings = { url: string; anonKey: string; secureCookies: boolean };

/**
 * Options every server-side Supabase client shares (request handlers and proxy.ts). Session
 * cookies are HttpOnly (no browser code here reads them: every Supabase call is made on the
 * server), SameSite=Lax, and Secure whenever the site is served over https.
 */
export function supabaseClientOptions({ secureCookies }: Pick<SupabaseAuthSettings, 'secureCookies'>) {
  return {
    // Node 20 has no global WebSocket and supabase-js builds its realtime client eagerly.
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    cookieOptions: {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
    } satisfies CookieOptions,
  };
}
