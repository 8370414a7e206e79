import type { Fetcher } from '@/lib/diagnostics/client-checks';

/** The page's same-origin requests. */
export const siteFetch: Fetcher = (input, init) => fetch(input, init);
