import 'server-only';
import { cache } from 'react';
import { authAdapter } from './adapter';
import type { Session } from './types';

/**
 * The signed-in user of the current request, or null. Reads cookies(), so a page that calls it
 * must render it under <Suspense> (cacheComponents). Memoised per request: the gate, the page
 * and requireAdmin() share one lookup.
 */
export const getSession = cache(async (): Promise<Session | null> => {
  const adapter = await authAdapter();
  return adapter.getSession();
});
