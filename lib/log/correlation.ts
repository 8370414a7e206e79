import { headers } from 'next/headers';

/** The header proxy.ts sets on each request it runs for (not cached public pages) and on its response; server log lines and logs_app rows carry it. */
export const CORRELATION_HEADER = 'x-correlation-id';

/** This request's correlation id, or null outside a request (a background task, a script). */
export async function requestCorrelationId(): Promise<string | null> {
  try {
    return (await headers()).get(CORRELATION_HEADER);
  } catch {
    return null;
  }
}
