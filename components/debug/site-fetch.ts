import type { Fetcher } from '@/lib/diagnostics/client-checks';
import { appFetch } from '@/lib/http/app-fetch';

/**
 * The page's same-origin requests go through the site's one client fetch (correlation id, and
 * non-2xx or failed requests logged). Third-party calls do not (components/debug/browser-env.ts):
 * a custom header would need a CORS preflight the service may refuse.
 */
export const siteFetch: Fetcher = appFetch;
