import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { logsApp } from '@/lib/db/schema';
import { createTestDatabase } from '@/tests/support/db';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
});
vi.mock('server-only', () => ({}));
const { answerTelemetryBeforeNext, routedPath } = await import('./node-fast-path');
const { TelemetryLimiter } = await import('./rate-limit');
const { TelemetryWriteBuffer } = await import('./write-buffer');

describe('POST /api/telemetry before Next (node-fast-path)', () => {
  let db: Database;
  let server: http.Server;
  let base: string;
  let buffer: InstanceType<typeof TelemetryWriteBuffer>;
  const nextSaw: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    buffer = new TelemetryWriteBuffer({ database: async () => db, onWritten: () => {} });
    // The server stands in for Next: whatever reaches its handler is recorded.
    server = http.createServer((req, res) => {
      nextSaw.push(`${req.method} ${req.url}`);
      res.end('next');
    });
    const limiter = new TelemetryLimiter({ perAddress: { capacity: 3, refillPerSecond: 0.001 } });
    answerTelemetryBeforeNext(server, () => ({ limiter, buffer }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await db.close();
  });

  const event = { level: 'error', type: 'frontend', feature: 'global', message: 'fast path', url: '/about' };
  const post = (body: string, path = '/api/telemetry') =>
    fetch(`${base}${path}`, { method: 'POST', body, headers: { 'content-type': 'text/plain' } });

  it('answers telemetry itself and leaves every other request to Next', async () => {
    const accepted = await post(JSON.stringify({ pageLoadId: 'page-load-1234', events: [event, event] }));
    expect(accepted.status).toBe(202);
    expect(accepted.headers.get('cache-control')).toBe('no-store');
    expect((await post('{nope')).status).toBe(400);
    expect(await (await fetch(`${base}/api/telemetry`)).text()).toBe('next');
    expect(await (await post('{}', '/api/telemetry-other')).text()).toBe('next');
    expect(nextSaw).toEqual(['GET /api/telemetry', 'POST /api/telemetry-other']);
    await buffer.flush();
    const rows = await asSystem(db, 'test-setup', (sys) => sys.select().from(logsApp));
    expect(rows).toEqual([
      expect.objectContaining({ message: 'fast path', correlationId: 'page-load-1234', url: '/about' }),
      expect.anything(),
    ]);
  });

  it('refuses over the limit with 429 and the connection stays usable', async () => {
    const responses: Response[] = [];
    for (let i = 0; i < 4; i += 1) responses.push(await post(JSON.stringify(event)));
    expect(responses.map((r) => r.status)).toEqual([202, 429, 429, 429]);
    expect(Number(responses[3]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await responses[3]!.json()).toEqual({ error: 'Too many telemetry events: slow down.' });
    expect(await (await fetch(`${base}/gallery`)).text()).toBe('next');
  });
});

describe('every spelling of the endpoint takes the fast path (routedPath)', () => {
  it('reads a path as a URL parser routes it', () => {
    expect(routedPath('/api/telemetry')).toBe('/api/telemetry');
    expect(routedPath('/api/./telemetry')).toBe('/api/telemetry');
    expect(routedPath('/api/x/../telemetry')).toBe('/api/telemetry');
    expect(routedPath('/api/%74elemetry?from=beacon')).toBe('/api/telemetry');
    expect(routedPath('/api/telemetry-other')).toBe('/api/telemetry-other');
    expect(routedPath('//elsewhere.example/api/telemetry')).toBeNull();
    expect(routedPath('http://elsewhere.example/api/telemetry')).toBeNull();
    expect(routedPath('/api/%E0%A4%A')).toBeNull();
    expect(routedPath(undefined)).toBeNull();
  });

  it('so a dot segment or an escape never reaches Next past the load shedding', async () => {
    const db = await createTestDatabase('pglite');
    const buffer = new TelemetryWriteBuffer({ database: async () => db, onWritten: () => {} });
    const nextSaw: string[] = [];
    const server = http.createServer((req, res) => {
      nextSaw.push(`${req.method} ${req.url}`);
      res.end('next');
    });
    // One request from this address, then 429: a spelling that went to Next would get 'next'.
    const limiter = new TelemetryLimiter({ perAddress: { capacity: 1, refillPerSecond: 0.001 } });
    answerTelemetryBeforeNext(server, () => ({ limiter, buffer }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const event = JSON.stringify({
        level: 'error',
        type: 'frontend',
        feature: 'global',
        message: 'spelt',
        url: '/about',
      });
      // node:http sends the path as written (fetch would resolve the dot segments first).
      const postRaw = (path: string) =>
        new Promise<number>((resolve, reject) => {
          const request = http.request(
            { host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'text/plain' } },
            (response) => {
              response.resume();
              response.on('end', () => resolve(response.statusCode ?? 0));
            },
          );
          request.on('error', reject);
          request.end(event);
        });
      const statuses: number[] = [];
      for (const path of [
        '/api/telemetry',
        '/api/./telemetry',
        '/api/x/../telemetry',
        '/api/%74elemetry',
        '/api/telemetry?from=beacon',
      ])
        statuses.push(await postRaw(path));
      expect(statuses).toEqual([202, 429, 429, 429, 429]);
      expect(nextSaw).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await buffer.flush();
      await db.close();
    }
  });
});
