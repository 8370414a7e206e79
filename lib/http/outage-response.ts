import http from 'node:http';
import { databaseHealth } from '@/lib/db/health';
import { OUTAGE_PAGE, RETRY_AFTER_SECONDS } from './outage-page';

/**
 * While the database is unreachable (lib/db/health.ts), a response that was going to be a
 * server error becomes a calm 503 page with Retry-After: the visitor reads that the site will
 * be back, and crawlers and uptime checks know to come back rather than drop the page. Cached
 * pages never get here: they do not need the database and keep answering 200.
 *
 * Next gives a page no way to choose a 503 (an error boundary answers 500), so this works one
 * level down, on Node's response, like lib/http/string-bodies.ts: when the status line of a
 * 5xx is about to be written during an outage, the status, the body headers and the body are
 * replaced; whatever Next then writes for its error page is dropped. Headers Next set before
 * (security headers, the correlation id) stay.
 */
const PATCHED = Symbol.for('watercolour.http.outage-response');
const REPLACED = Symbol('outage page sent');
// The body headers of the response Next meant to send; they do not describe the outage page.
const BODY_HEADERS = [
  'content-length',
  'content-type',
  'content-encoding',
  'transfer-encoding',
  'etag',
  'last-modified',
  'cache-control',
  'vary',
  'x-nextjs-cache',
  'x-nextjs-prerender',
  'x-nextjs-stale-time',
];

type Response = http.ServerResponse & { [REPLACED]?: true };
type Options = { inOutage?: () => boolean };

export function answerOutagesWith503(
  proto: http.ServerResponse = http.ServerResponse.prototype,
  options: Options = {},
): void {
  const target = proto as http.ServerResponse & { [PATCHED]?: true };
  if (target[PATCHED]) return;
  const inOutage = options.inOutage ?? (() => !databaseHealth().reachable);
  const writeHead = target.writeHead as (...args: unknown[]) => http.ServerResponse;
  const write = target.write as (...args: unknown[]) => boolean;
  const end = target.end as (...args: unknown[]) => http.ServerResponse;

  /** Decides once, as the status line is settled: true when this response is now the outage page. */
  function divert(res: Response, status: number): boolean {
    if (res[REPLACED]) return true;
    if (status < 500 || res.headersSent || !inOutage()) return false;
    res[REPLACED] = true;
    for (const name of BODY_HEADERS) res.removeHeader(name);
    writeHead.call(res, 503, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(OUTAGE_PAGE),
      'cache-control': 'no-store',
      'retry-after': String(RETRY_AFTER_SECONDS),
    });
    return true;
  }

  const callbackOf = (args: unknown[]) => args.find((arg): arg is () => void => typeof arg === 'function');

  target.writeHead = function (this: Response, ...args: unknown[]) {
    if (divert(this, Number(args[0]))) return this;
    return writeHead.apply(this, args);
  } as http.ServerResponse['writeHead'];

  target.write = function (this: Response, ...args: unknown[]) {
    if (!divert(this, this.statusCode)) return write.apply(this, args);
    callbackOf(args)?.();
    return true;
  } as http.ServerResponse['write'];

  target.end = function (this: Response, ...args: unknown[]) {
    if (!this[REPLACED] && !divert(this, this.statusCode)) return end.apply(this, args);
    if (this.writableEnded) return this;
    const callback = callbackOf(args);
    return this.req?.method === 'HEAD' ? end.call(this, callback) : end.call(this, OUTAGE_PAGE, 'utf8', callback);
  } as http.ServerResponse['end'];

  target[PATCHED] = true;
}
