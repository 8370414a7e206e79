import http from 'node:http';
import { Readable } from 'node:stream';
import { peerAddressHeader } from '@/lib/http/peer-address';
import { logger } from '@/lib/log/logger';
import { handleTelemetry, telemetryAddress, TOO_FREQUENT, type TelemetryDeps } from './handle-telemetry';
import { TELEMETRY_ENDPOINT } from '@/lib/telemetry/limits';
import { telemetryDeps } from './telemetry-deps';

/**
 * POST /api/telemetry answered by the Node server before Next sees it (installed by
 * lib/startup/server.ts): the same handler as app/api/telemetry/route.ts, without the proxy
 * and Next's routing, which cost far more than the handler itself
 * (docs/decisions/0004-telemetry-fast-path.md). Where this is not installed (Vercel), the
 * route handler answers. Only this path (however it is spelled: `routedPath`) and method are
 * taken; everything else goes on to Next untouched.
 */
const PATCHED = Symbol.for('watercolour.telemetry-fast-path');

export function answerTelemetryBeforeNext(
  proto: http.Server = http.Server.prototype,
  deps: () => TelemetryDeps = telemetryDeps,
): void {
  const target = proto as http.Server & { [PATCHED]?: true };
  if (target[PATCHED]) return;
  target[PATCHED] = true;
  const emit = target.emit as (event: string | symbol, ...args: unknown[]) => boolean;
  target.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      if (req.method === 'POST' && routedPath(req.url) === TELEMETRY_ENDPOINT) {
        const current = deps();
        if (!refusedAtOnce(req, res, current)) void answer(req, res, current);
        return true;
      }
    }
    return emit.call(this, event, ...args);
  } as http.Server['emit'];
}

/**
 * The path a request for `url` is routed to, as a URL parser reads it: dot segments resolved
 * (`/api/./telemetry`, `/api/x/../telemetry`) and percent-escapes decoded, so no spelling of the
 * endpoint reaches Next's route past the load shedding here. Null for what is not a path.
 */
export function routedPath(url: string | undefined): string | null {
  if (!url?.startsWith('/')) return null;
  try {
    const parsed = new URL(url, 'http://routed.invalid');
    return parsed.origin === 'http://routed.invalid' ? decodeURIComponent(parsed.pathname) : null;
  } catch {
    return null;
  }
}

const REFUSAL = Buffer.from(JSON.stringify({ error: TOO_FREQUENT }));

/**
 * Over the limit: refused at once from the raw headers, before any Request is built or the body
 * read (a flood is mostly this). Otherwise the handler runs (and checks again).
 */
function refusedAtOnce(req: http.IncomingMessage, res: http.ServerResponse, deps: TelemetryDeps): boolean {
  // The socket address, as recordPeerAddresses would have recorded it for Next.
  const peer = peerAddressHeader();
  if (peer) req.headers[peer] = req.socket.remoteAddress ?? '';
  const raw = { get: (name: string) => headerValue(req.headers[name.toLowerCase()]) };
  const admitted = deps.limiter.admit(telemetryAddress(raw, deps));
  if (admitted.ok) return false;
  res.writeHead(429, {
    'content-type': 'application/json',
    'content-length': REFUSAL.length,
    'cache-control': 'no-store',
    'retry-after': String(admitted.retryAfter),
    'x-content-type-options': 'nosniff',
  });
  res.end(REFUSAL);
  req.resume();
  return true;
}

async function answer(req: http.IncomingMessage, res: http.ServerResponse, deps: TelemetryDeps): Promise<void> {
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url}`, {
      method: 'POST',
      headers,
      body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
      duplex: 'half',
    } as RequestInit);
    await send(res, await handleTelemetry(request, deps));
  } catch (error) {
    logger.error({ err: error, feature: 'telemetry' }, 'Telemetry request failed');
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end('{"error":"Something went wrong"}');
  } finally {
    // A body refused unread (429, 413) is drained, so the keep-alive connection stays usable.
    if (!req.readableEnded) req.resume();
  }
}

function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

async function send(res: http.ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, {
    ...Object.fromEntries(response.headers),
    'content-length': body.length,
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}
