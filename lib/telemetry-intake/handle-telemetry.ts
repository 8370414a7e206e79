import { clientAddress, type AddressSource } from '@/lib/auth/client-info';
import { env } from '@/lib/env';
import { addressBlock } from '@/lib/http/address-block';
import { peerAddressHeader } from '@/lib/http/peer-address';
import { readCapped } from '@/lib/http/read-capped';
import { isSameOriginRequest } from '@/lib/http/same-origin';
import { jsonBytes, telemetryBodySchema, type TelemetryBody, type TelemetryEvent } from './event-schema';
import { SAFE_ID, TELEMETRY_LIMITS as LIMITS } from '@/lib/telemetry/limits';
import type { TelemetryLimiter } from './rate-limit';
import type { TelemetryRow, TelemetryWriteBuffer } from './write-buffer';
import { countable, INSIGHT_TYPE, insightsFrom, PageLoadMemory, type InsightsBuffer } from '@/lib/insights';

export type TelemetryDeps = {
  limiter: TelemetryLimiter;
  buffer: TelemetryWriteBuffer;
  /** Where views, clicks and vital samples of counted visitors go (the owner's Insights). */
  insights?: Pick<InsightsBuffer, 'push'>;
  /** What each page load has been counted for already; the process's by default. */
  pageLoads?: PageLoadMemory;
  /** Where the client's address comes from (the deployment's rule); the process's by default. */
  addressSource?: AddressSource;
  now?: () => number;
};

const NO_STORE = { 'Cache-Control': 'no-store' };

/** The process's memory of what each page load was counted for (lib/insights/from-telemetry.ts). */
const processPageLoads = new PageLoadMemory();

function answer(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...NO_STORE, ...headers } });
}

/**
 * POST /api/telemetry: the browser's reports (docs/product.md, Telemetry) become logs_app rows, and
 * its views and clicks the owner's Insights. Public, so it is built to be harmless: same-site
 * callers only, a capped body read before parsing, a strict schema, rate limits per address and
 * overall (checked before the body is read, and charged per event after), and a bounded, batched
 * writer. Nothing here reads the database or writes anything but new logs_app rows; user_id is
 * never taken from the body (it stays empty). 202 accepted, 400 malformed, 403 cross-site, 408 too
 * slow, 413 too large, 415 wrong type, 429 too frequent (with Retry-After), 503 when the write
 * buffer is full.
 */
export async function handleTelemetry(request: Request, deps: TelemetryDeps): Promise<Response> {
  const now = deps.now?.() ?? Date.now();
  if (!isSameOriginRequest(request)) return answer(403, { error: 'Cross-site telemetry refused.' });
  // sendBeacon sends a string as text/plain; fetch sends application/json.
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json' && type !== 'text/plain')
    return answer(415, { error: 'Send JSON (application/json or text/plain).' });
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > LIMITS.bodyBytes) return answer(413, { error: `Body over ${LIMITS.bodyBytes} bytes.` });

  const address = telemetryAddress(request.headers, deps);
  const admitted = deps.limiter.admit(address, now);
  if (!admitted.ok) return tooFrequent(admitted.retryAfter);

  const read = await readCapped(request.body, LIMITS.bodyBytes, {
    idleMs: LIMITS.bodyIdleMs,
    totalMs: LIMITS.bodyTotalMs,
  });
  if (!read.ok && read.reason === 'too-large') return answer(413, { error: `Body over ${LIMITS.bodyBytes} bytes.` });
  if (!read.ok)
    return answer(408, {
      error: `Body too slow: stalled ${LIMITS.bodyIdleMs / 1000} s, or not whole within ${LIMITS.bodyTotalMs / 1000} s.`,
    });
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(read.body));
  } catch {
    return answer(400, { error: 'Body is not JSON.' });
  }
  const parsed = telemetryBodySchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return answer(400, { error: `Invalid event: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}` });
  }
  const body: TelemetryBody = parsed.data;
  const oversizeMeta = body.events.findIndex((event) => event.meta && jsonBytes(event.meta) > LIMITS.metaBytes);
  if (oversizeMeta >= 0) return answer(413, { error: `events.${oversizeMeta}.meta over ${LIMITS.metaBytes} bytes.` });
  const site = siteOrigins(request);
  const foreign = body.events.findIndex((event) => event.url !== undefined && sitePath(event.url, site) === null);
  if (foreign >= 0) return answer(400, { error: `Invalid event: events.${foreign}.url is not on this site.` });

  const charged = deps.limiter.charge(address, body.events.length, now);
  if (!charged.ok) return tooFrequent(charged.retryAfter);

  const incoming = request.headers.get('x-correlation-id');
  const correlationId = body.pageLoadId ?? (incoming && SAFE_ID.test(incoming) ? incoming : null);
  // Views and clicks go to the Insights only (and only for visitors who may be counted:
  // lib/insights/counting.ts); everything else is a logs_app row (docs/product.md, Telemetry).
  const rows = body.events
    .filter((event) => event.type !== INSIGHT_TYPE)
    .map((event) => toRow(event, correlationId, site));
  if (rows.length > 0 && !deps.buffer.push(rows))
    return answer(503, { error: 'Busy: try again later.' }, { 'Retry-After': '5' });
  if (deps.insights && env().INSIGHTS === 'on' && countable(request.headers))
    deps.insights.push(
      insightsFrom(body.events, {
        now,
        siteOrigins: site,
        pathOf: (url) => sitePath(url, site),
        pageLoad: body.pageLoadId,
        memory: deps.pageLoads ?? processPageLoads,
      }),
    );
  return answer(202, { accepted: body.events.length });
}

/**
 * What the per-address limit counts against: the client's address (the deployment's rule,
 * lib/auth/client-info.ts) as its block (an IPv6 address's /64, lib/http/address-block.ts).
 */
export function telemetryAddress(headers: Pick<Headers, 'get'>, deps: Pick<TelemetryDeps, 'addressSource'>): string {
  return addressBlock(clientAddress(headers as Headers, deps.addressSource ?? processAddressSource()));
}

export const TOO_FREQUENT = 'Too many telemetry events: slow down.';

export function tooFrequent(retryAfter: number): Response {
  return answer(429, { error: TOO_FREQUENT }, { 'Retry-After': String(retryAfter) });
}

function processAddressSource(): AddressSource {
  const { VERCEL, TRUSTED_PROXY_HOPS } = env();
  return { vercel: Boolean(VERCEL), trustedProxyHops: TRUSTED_PROXY_HOPS, peerHeader: peerAddressHeader() };
}

function siteOrigins(request: Request): Set<string> {
  const origins = new Set([new URL(env().SITE_URL).origin]);
  const host = request.headers.get('host');
  if (host) for (const scheme of ['https', 'http']) origins.add(`${scheme}://${host}`);
  return origins;
}

/** A URL of this site as path, query and fragment; null for anything else. */
export function sitePath(value: string, origins: Set<string>): string | null {
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) {
    try {
      const url = new URL(value, 'http://site.invalid');
      return url.origin === 'http://site.invalid' ? `${url.pathname}${url.search}${url.hash}` : null;
    } catch {
      return null;
    }
  }
  try {
    const url = new URL(value);
    return origins.has(url.origin) ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/**
 * The one-time setup link's token must not reach the logs: the setup page's address keeps its
 * path only, and a `token=` anywhere else (a query string, an error message or stack quoting
 * one) is masked.
 */
export function withoutSecrets(text: string): string {
  if (/^\/admin\/setup(?:[/?#]|$)/.test(text)) return '/admin/setup';
  return text.replace(/([?&#]token=)[^&#\s"']+/gi, '$1[redacted]');
}

/** `withoutSecrets` on every string of a JSON value (an event's `meta`), at any depth. */
export function jsonWithoutSecrets<T>(value: T): T {
  if (typeof value === 'string') return withoutSecrets(value) as T;
  if (Array.isArray(value)) return value.map(jsonWithoutSecrets) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, jsonWithoutSecrets(item)])) as T;
  return value;
}

function toRow(event: TelemetryEvent, correlationId: string | null, site: Set<string>): TelemetryRow {
  const stack = event.stack === undefined ? undefined : withoutSecrets(event.stack);
  const scrubbed = event.meta === undefined ? undefined : jsonWithoutSecrets(event.meta);
  const meta = stack === undefined ? scrubbed : { ...scrubbed, stack };
  return {
    level: event.level,
    type: event.type,
    feature: event.feature,
    message: withoutSecrets(event.message),
    correlationId,
    url: event.url === undefined ? null : withoutSecrets(sitePath(event.url, site)!).slice(0, LIMITS.url),
    method: event.method ?? null,
    status: event.status ?? null,
    userId: null,
    meta: meta ?? null,
  };
}
