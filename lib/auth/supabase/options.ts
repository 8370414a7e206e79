import type { CookieOptions } from '@supabase/ssr';
import WebSocket from 'ws';
import { env } from '@/lib/env';

export type CookieToSet = { name: string; value: string; options: CookieOptions };

/**
 * Options every server-side Supabase client shares (request handlers and proxy.ts). Session
 * cookies are HttpOnly (no browser code here reads them: every Supabase call is made on the
 * server), SameSite=Lax, and Secure whenever the site is served over https.
 */
export function supabaseClientOptions() {
  return {
    // Node 20 has no global WebSocket and supabase-js builds its realtime client eagerly.
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    cookieOptions: {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: new URL(env().SITE_URL).protocol === 'https:',
    } satisfies CookieOptions,
  };
}
