/**
 * What /api/telemetry accepts (docs/product.md, Telemetry): the browser module cuts its events to
 * fit, and the route refuses anything beyond (400 malformed, 408 too slow, 413 too large, 429 too
 * frequent).
 */
export const TELEMETRY_LIMITS = {
  /** Whole request body, in bytes. */
  bodyBytes: 16_384,
  /** Events in one request. */
  events: 20,
  /** An event's `meta` as JSON, in bytes. */
  metaBytes: 2_048,
  message: 1_000,
  /** A global error's stack, cut to 8000 characters (docs/product.md, Telemetry). */
  stack: 8_000,
  url: 2_000,
  /**
   * How long the body may take. A browser sends its few kilobytes at once (sendBeacon, fetch);
   * a sender that stalls or trickles would hold the connection until Node's requestTimeout.
   */
  bodyIdleMs: 10_000,
  bodyTotalMs: 20_000,
} as const;

export const TELEMETRY_ENDPOINT = '/api/telemetry';

/** Ids the site accepts from a caller: the proxy's rule for x-correlation-id (proxy.ts). */
export const SAFE_ID = /^[A-Za-z0-9._:-]{8,100}$/;
