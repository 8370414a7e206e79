import 'server-only';
import { connection } from 'next/server';
import { cache } from 'react';
import { authAdapter } from '@/lib/auth';
import type { Session } from './types';

/**
 * The signed-in user of the current request, or null. Reads cookies(), so a page that calls it
 * must render it under <Suspense> (cacheComponents). Memoised per request: the gate, the page
 * and requireAdmin() share one lookup.
 */
export const getSession = cache(async (): Promise<Session | null> => {
  // Whether a session is still valid depends on the clock at the request. Next's runtime
  // prefetches prerender admin pages with the request's cookies but refuse a clock read
  // (logging 'encountered the unstable value `new Date()`' on every request): so this is
  // request-time work, and a prerender stops here.
  await connection();
  const adapter = await authAdapter();
  return adapter.getSession();
});
