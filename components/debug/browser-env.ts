import type { DebugConfig } from '@/lib/diagnostics/client-checks';
import type { SelfCheckEnv } from '@/lib/diagnostics/self-checks';
import { siteFetch } from './site-fetch';

/** What the self-check reads from this browser (lib/diagnostics/self-checks.ts). */
export function browserEnv(config: DebugConfig): SelfCheckEnv {
  return {
    config,
    siteFetch,
    thirdPartyFetch: (input, init) => fetch(input, init),
    localStorage: () => window.localStorage,
    cookies: {
      enabled: navigator.cookieEnabled,
      read: () => document.cookie,
      write: (cookie) => {
        document.cookie = cookie;
      },
    },
    serviceWorkers: async () =>
      'serviceWorker' in navigator ? (await navigator.serviceWorker.getRegistrations()).length : null,
    userAgent: navigator.userAgent,
    platform: navigator.platform,
    maxTouchPoints: navigator.maxTouchPoints,
  };
}

/** The 'Clear Service Workers & Reload' button's work. */
export async function clearServiceWorkersAndReload(): Promise<void> {
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
  window.location.reload();
}
