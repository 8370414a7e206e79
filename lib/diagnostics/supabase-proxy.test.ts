import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { proxyTarget } from './proxy-target';
import { EMBEDDED_PROXY_MESSAGE, proxySupabase, proxyStatus } from './supabase-proxy';

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; bodyBytes: number };

/** A local HTTP double of a Supabase project: answers like Supabase on the paths the tests use. */
async function startDouble(answer: (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => void) {
  const seen: Seen[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of req) chunks.push(chunk as Buffer);
    } catch {
      return; // the proxy gave up on this request (size cap, timeout): nothing to answer
    }
    const body = Buffer.concat(chunks);
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, bodyBytes: body.byteLength });
    answer(req, res, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

let project: Awaited<ReturnType<typeof startDouble>>;
let elsewhere: Awaited<ReturnType<typeof startDouble>>;
const site = 'http://site.test';
const call = (path: string, init?: RequestInit, options: { timeoutMs?: number; maxBodyBytes?: number } = {}) =>
  proxySupabase(new Request(`${site}${path}`, init), { projectUrl: project.url, ...options });

beforeAll(async () => {
  project = await startDouble((req, res, body) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/auth/v1/token') {
      res.writeHead(401, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
        'set-cookie': 'sb=1; Path=/',
        'keep-alive': 'timeout=5',
      });
      res.end(JSON.stringify({ error: 'unauthorized' }));
    } else if (path === '/rest/v1/debug_now') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify([{ server_time: '2026-11-23T12:00:00+00:00' }]));
    } else if (path === '/rest/v1/slow') {
      setTimeout(() => res.end('late'), 5_000).unref();
    } else if (path === '/functions/v1/echo') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`got ${body.byteLength} bytes`);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  elsewhere = await startDouble((_req, res) => res.end('you should never see this'));
});
afterAll(async () => {
  await project.close();
  await elsewhere.close();
});
beforeEach(() => {
  project.seen.length = 0;
  elsewhere.seen.length = 0;
});

describe('the /api/supabase proxy', () => {
  it('forwards the path, query, method and the caller’s own credentials to the configured project', async () => {
    const response = await call('/api/supabase/rest/v1/debug_now?select=*', {
      headers: { apikey: 'anon-key', authorization: 'Bearer anon-key', accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ server_time: '2026-11-23T12:00:00+00:00' }]);
    expect(project.seen).toHaveLength(1);
    const [seen] = project.seen;
    expect(seen).toMatchObject({ method: 'GET', url: '/rest/v1/debug_now?select=*' });
    expect(seen!.headers).toMatchObject({
      apikey: 'anon-key',
      authorization: 'Bearer anon-key',
      accept: 'application/json',
      host: new URL(project.url).host,
    });
  });

  it('drops cookies and hop-by-hop headers both ways, and passes the status and CORS header through', async () => {
    const response = await call('/api/supabase/auth/v1/token', {
      headers: {
        cookie: 'session=secret',
        'x-forwarded-for': '10.1.2.3',
        te: 'trailers',
        'proxy-authorization': 'Basic x',
        connection: 'x-private-hop',
        'x-private-hop': 'secret',
        'x-kept': 'yes',
      },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('keep-alive')).toBeNull();
    const headers = project.seen[0]!.headers;
    for (const name of ['cookie', 'x-forwarded-for', 'te', 'proxy-authorization', 'x-private-hop'])
      expect(headers[name], name).toBeUndefined();
    expect(headers['x-kept']).toBe('yes');
  });

  it('streams a request body to the project and the answer back', async () => {
    const response = await call('/api/supabase/functions/v1/echo', {
      method: 'POST',
      body: new Uint8Array(200_000),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(await response.text()).toBe('got 200000 bytes');
    expect(project.seen[0]).toMatchObject({ method: 'POST', bodyBytes: 200_000 });
  });

  it('refuses other hosts and path tricks without calling anyone', async () => {
    const tricks = [
      `/api/supabase/${elsewhere.url}/rest/v1/x`,
      `/api/supabase/rest/v1/%2F%2F${new URL(elsewhere.url).host}/x`,
      '/api/supabase/rest/v1/..%2F..%2Fadmin',
      '/api/supabase/rest/v1/%5C%5Cevil.test/x',
      `/api/supabase/@${new URL(elsewhere.url).host}/rest/v1/x`,
      `/api/supabase/rest/v1/x@${new URL(elsewhere.url).host}`,
      '/api/supabase/graphql/v1',
      '/api/supabase/realtime/v1/websocket',
      '/api/supabase/rest/v10/x',
      '/api/supabase/',
      // What WHATWG parsing leaves of ../ and backslashes can only stay under /api/supabase or leave it.
      '/api/supabase/rest/v1/../../../other',
      '/api/supabase/rest/v1\\..\\..\\..\\other',
    ];
    for (const path of tricks) {
      const response = await call(path);
      expect(response.status, path).toBe(400);
      expect((await response.json()).error, path).toMatch(/^Refused|Not a proxied path/);
    }
    expect(project.seen).toEqual([]);
    expect(elsewhere.seen).toEqual([]);
  });

  it('judges the raw path: encodings, backslashes, @, dot segments and absolute URLs are all refused', () => {
    const base = 'https://abc.supabase.co';
    for (const raw of [
      '/api/supabase/https://evil.test/rest/v1/x',
      '/api/supabase//evil.test/rest/v1/x',
      '/api/supabase/rest/v1/../../evil',
      '/api/supabase/rest/v1/./x',
      '/api/supabase/rest/v1/%2e%2e/%2e%2e/x',
      '/api/supabase/rest/v1%2fx',
      '/api/supabase/rest/v1\\..\\x',
      '/api/supabase/rest/v1/%5cx',
      '/api/supabase/rest/v1@evil.test/x',
      '/api/supabase/rest/v1/%40evil.test',
      '/api/supabase/rest/v1/x%00',
      '/api/supabasex/rest/v1/x',
    ]) {
      expect(proxyTarget(raw, '', base).ok, raw).toBe(false);
    }
    expect(proxyTarget('/api/supabase/storage/v1/object/list/gallery-images', '?limit=1', base)).toEqual({
      ok: true,
      url: new URL('https://abc.supabase.co/storage/v1/object/list/gallery-images?limit=1'),
    });
    expect(proxyTarget('/api/supabase/rest/v1/debug_now', '?email=eq.a@b.test', base).ok).toBe(true);
  });

  it('refuses a body over the cap, declared or streamed, with 413', async () => {
    const declared = await call(
      '/api/supabase/functions/v1/echo',
      { method: 'POST', body: new Uint8Array(2_000), headers: { 'content-length': '2000' } },
      { maxBodyBytes: 1_000 },
    );
    expect(declared.status).toBe(413);
    expect(project.seen).toEqual([]);
    // No content-length: the cap is enforced on the stream itself.
    const chunks = [new Uint8Array(600), new Uint8Array(600)];
    const stream = new ReadableStream<Uint8Array>({
      pull: (controller) => (chunks.length ? controller.enqueue(chunks.shift()!) : controller.close()),
    });
    const streamed = await call(
      '/api/supabase/functions/v1/echo',
      { method: 'POST', body: stream, duplex: 'half' } as RequestInit,
      { maxBodyBytes: 1_000 },
    );
    expect(streamed.status).toBe(413);
    expect(project.seen.every((seen) => seen.bodyBytes <= 1_000)).toBe(true);
  });

  it('gives up on a project that does not answer in time with 504', async () => {
    const started = Date.now();
    const response = await call('/api/supabase/rest/v1/slow', undefined, { timeoutMs: 300 });
    expect(response.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('answers 502 when the project cannot be reached', async () => {
    const gone = await startDouble(() => {});
    await gone.close();
    const response = await proxySupabase(new Request(`${site}/api/supabase/rest/v1/debug_now`), {
      projectUrl: gone.url,
    });
    expect(response.status).toBe(502);
  });

  it('answers 404 with the reason in embedded mode, and says where it leads in Supabase mode', async () => {
    const response = await proxySupabase(new Request(`${site}/api/supabase/rest/v1/debug_now`), {
      projectUrl: undefined,
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: EMBEDDED_PROXY_MESSAGE });
    expect(proxyStatus(undefined).status).toBe(404);
    const status = proxyStatus('https://abc.supabase.co/');
    expect(status.status).toBe(200);
    expect(await status.json()).toEqual({
      proxy: '/api/supabase',
      project: 'https://abc.supabase.co',
      services: ['auth/v1', 'rest/v1', 'storage/v1', 'functions/v1'],
    });
  });
});
