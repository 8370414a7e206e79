import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTAGE_PAGE, RETRY_AFTER_SECONDS } from './outage-page';
import { answerOutagesWith503 } from './outage-response';

class PatchedResponse extends http.ServerResponse {}

/** Each path answers as Next would: a cached page, a missing one, an error page in one piece or streamed. */
function handle(req: http.IncomingMessage, res: http.ServerResponse) {
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('x-correlation-id', 'abc');
  switch (req.url) {
    case '/cached':
      res.setHeader('Content-Type', 'text/html');
      res.end('<p>gallery</p>');
      return;
    case '/missing':
      res.statusCode = 404;
      res.end('<p>not found</p>');
      return;
    case '/error':
      res.statusCode = 500;
      res.setHeader('Content-Type', 'text/html');
      res.setHeader('Cache-Control', 'private, no-cache, no-store, max-age=0, must-revalidate');
      res.end('<p>Unexpected Application Error!</p>');
      return;
    default:
      // Streamed: an explicit head with its own length, then chunks.
      res.writeHead(500, { 'Content-Type': 'text/html', 'Content-Length': '24' });
      res.write('<p>Unexpected ', () => {});
      res.end('error</p>!!!!!!');
  }
}

describe('answerOutagesWith503', () => {
  let server: http.Server;
  let origin: string;
  let outage = false;

  beforeAll(async () => {
    answerOutagesWith503(PatchedResponse.prototype, { inOutage: () => outage });
    server = http.createServer({ ServerResponse: PatchedResponse }, handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('turns an error page into the calm 503 with Retry-After while the database is away', async () => {
    outage = true;
    for (const path of ['/error', '/streamed']) {
      const response = await fetch(origin + path);
      expect(response.status, path).toBe(503);
      expect(response.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      // Headers set before the error stay: the security headers and the correlation id.
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-correlation-id')).toBe('abc');
      const body = await response.text();
      expect(body).toBe(OUTAGE_PAGE);
      expect(body).toContain("<h1>We'll be right back</h1>");
    }
    const head = await fetch(`${origin}/error`, { method: 'HEAD' });
    expect(head.status).toBe(503);
  });

  it('leaves pages that did not fail alone during an outage', async () => {
    outage = true;
    const cached = await fetch(`${origin}/cached`);
    expect(cached.status).toBe(200);
    expect(await cached.text()).toBe('<p>gallery</p>');
    const missing = await fetch(`${origin}/missing`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('<p>not found</p>');
  });

  it('leaves an error an error when the database is reachable', async () => {
    outage = false;
    const response = await fetch(`${origin}/error`);
    expect(response.status).toBe(500);
    expect(response.headers.get('retry-after')).toBeNull();
    expect(await response.text()).toBe('<p>Unexpected Application Error!</p>');
  });
});
