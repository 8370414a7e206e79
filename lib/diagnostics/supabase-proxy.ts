import { ALLOWED_SERVICES, PROXY_PREFIX, proxyTarget } from './proxy-target';

/**
 * /api/supabase/*: a streaming reverse proxy to the configured Supabase project, so the
 * browser's backend calls stay on this site's origin (the debug page's `Proxy Mode`). It adds no
 * credentials of its own: a caller reaches only what its own apikey and token allow.
 */
export const EMBEDDED_PROXY_MESSAGE =
  'Embedded mode: no Supabase project is configured (NEXT_PUBLIC_SUPABASE_URL is not set), so /api/supabase has nothing to proxy. The site uses its own database, accounts and file storage.';

/** The largest image upload (10 MB) plus room for its multipart envelope. */
export const DEFAULT_MAX_BODY_BYTES = 11 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 30_000;

export type SupabaseProxyOptions = {
  /** NEXT_PUBLIC_SUPABASE_URL; unset in embedded mode. */
  projectUrl: string | undefined;
  timeoutMs?: number;
  maxBodyBytes?: number;
};

// RFC 9110 §7.6.1 hop-by-hop headers, plus what must not cross: the browser's cookies for this
// site, the upstream's cookies for its host, and headers that describe this hop's framing.
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];
const REQUEST_DROPPED = new Set([
  ...HOP_BY_HOP,
  'host',
  'cookie',
  'content-length',
  'accept-encoding',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
]);
// fetch decodes a compressed answer, so its encoding and length no longer describe the body.
const RESPONSE_DROPPED = new Set([...HOP_BY_HOP, 'set-cookie', 'set-cookie2', 'content-encoding', 'content-length']);

class BodyTooLarge extends Error {}

export async function proxySupabase(request: Request, options: SupabaseProxyOptions): Promise<Response> {
  if (!options.projectUrl) return json(404, { error: EMBEDDED_PROXY_MESSAGE });
  const incoming = new URL(request.url);
  const target = proxyTarget(incoming.pathname, incoming.search, options.projectUrl);
  if (!target.ok) return json(400, { error: target.error });

  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBodyBytes) return tooLarge(maxBodyBytes);

  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const hasBody = request.body !== null && request.method !== 'GET' && request.method !== 'HEAD';
  try {
    const upstream = await fetch(target.url, {
      method: request.method,
      headers: forwardedRequestHeaders(request.headers),
      body: hasBody ? request.body!.pipeThrough(capped(maxBodyBytes)) : undefined,
      // @ts-expect-error: Node's fetch needs duplex for a streamed request body; the DOM type lacks it.
      duplex: 'half',
      redirect: 'manual',
      signal: AbortSignal.any([timeout, request.signal]),
    });
    return new Response(upstream.body, {
      status: upstream.status,
      statusText: upstream.statusText,
      headers: filtered(upstream.headers, RESPONSE_DROPPED),
    });
  } catch (error) {
    if (causedBy(error, BodyTooLarge)) return tooLarge(maxBodyBytes);
    if (timeout.aborted) return json(504, { error: 'The Supabase project did not answer in time.' });
    return json(502, { error: 'The Supabase project could not be reached.' });
  }
}

/**
 * GET /api/supabase itself: whether proxy mode is on and where it leads (the project URL is
 * public configuration), for the debug page's Proxy Mode check.
 */
export function proxyStatus(projectUrl: string | undefined): Response {
  if (!projectUrl) return json(404, { error: EMBEDDED_PROXY_MESSAGE });
  return json(200, { proxy: PROXY_PREFIX, project: new URL(projectUrl).origin, services: ALLOWED_SERVICES });
}

function forwardedRequestHeaders(headers: Headers): Headers {
  const out = filtered(headers, REQUEST_DROPPED);
  // An uncompressed answer streams through unchanged (see RESPONSE_DROPPED).
  out.set('accept-encoding', 'identity');
  return out;
}

function filtered(headers: Headers, dropped: Set<string>): Headers {
  // Headers the Connection header names are hop-by-hop too.
  const named = (headers.get('connection') ?? '').split(',').map((name) => name.trim().toLowerCase());
  const out = new Headers();
  headers.forEach((value, name) => {
    if (!dropped.has(name) && !named.includes(name) && !name.startsWith('x-middleware-')) out.append(name, value);
  });
  return out;
}

/** Passes the body through while it stays within `limit` bytes; errors the stream past it. */
function capped(limit: number): TransformStream<Uint8Array, Uint8Array> {
  let seen = 0;
  return new TransformStream({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > limit) controller.error(new BodyTooLarge(`request body over ${limit} bytes`));
      else controller.enqueue(chunk);
    },
  });
}

function causedBy(error: unknown, type: new (...args: never[]) => Error): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    if (current instanceof type) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function tooLarge(limit: number): Response {
  return json(413, { error: `The request body is over the proxy's limit of ${Math.round(limit / 1024 / 1024)} MB.` });
}

function json(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
}
