import type { CookieOptions } from '@supabase/ssr';
import WebSocket from 'ws';

export type CookieToSet = { name: string; value: string; options: CookieOptions };

/** Options every server-side Supabase client shares (request handlers and proxy.ts). */
export function supabaseClientOptions() {
  // Node 20 has no global WebSocket and supabase-js builds its realtime client eagerly.
  return { realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket } };
}
