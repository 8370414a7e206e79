import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { logsApp } from '@/lib/db/schema';
import { createTestDatabase } from '@/tests/support/db';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
  process.env.SITE_URL = 'https://elena.example';
});
vi.mock('server-only', () => ({}));
const { handleTelemetry } = await import('./handle-telemetry');
const { TelemetryLimiter } = await import('./rate-limit');
const { TelemetryWriteBuffer } = await import('./write-buffer');

const PAGE = 'a1b2c3d4-0000-4000-8000-00000000abcd';
const peer = 'x-peer-test';
const source = { vercel: false, trustedProxyHops: 0, peerHeader: peer };

function post(body: unknown, { address = '203.0.113.7', headers = {} as Record<string, string>, raw = false } = {}) {
  return new Request('https://elena.example/api/telemetry', {
    method: 'POST',
    headers: { 'content-type': 'application/json', host: 'elena.example', [peer]: address, ...headers },
    body: raw ? (body as string) : JSON.stringify(body),
  });
}

const errorEvent = {
  level: 'error',
  type: 'frontend',
  feature: 'global',
  message: 'Uncaught TypeError: x is undefined',
  url: 'https://elena.example/gallery/all?page=2',
  stack: 'TypeError: x is undefined\n    at f (https://elena.example/_next/static/chunks/a.js:1:2)',
  meta: { line: 1, column: 2 },
};

describe('POST /api/telemetry (handleTelemetry)', () => {
  let db: Database;
  let limiter: InstanceType<typeof TelemetryLimiter>;
  let buffer: InstanceType<typeof TelemetryWriteBuffer>;
  // A stopped clock: buckets refill only when a test moves it.
  let clock = 1_000_000;
  const send = (request: Request) =>
    handleTelemetry(request, { limiter, buffer, addressSource: source, now: () => clock });
  const rows = async () => {
    await buffer.flush();
    return asSystem(db, 'test-setup', (sys) => sys.select().from(logsApp));
  };

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    await asSystem(db, 'test-setup', (sys) => sys.delete(logsApp));
    limiter = new TelemetryLimiter();
    buffer = new TelemetryWriteBuffer({ database: async () => db, onWritten: () => {} });
  });

  it('accepts a batch with 202 and writes its rows together: the page-load id as correlation id, the path of this site, no user', async () => {
    const vital = {
      level: 'info',
      type: 'metric',
      feature: 'web-vitals',
      message: 'LCP',
      url: '/',
      meta: { value: 1234, rating: 'good' },
    };
    const response = await send(
      post({ pageLoadId: PAGE, events: [errorEvent, vital] }, { headers: { 'x-correlation-id': 'request-id-123' } }),
    );
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: 2 });
    expect(buffer.snapshot()).toMatchObject({ buffered: 2, written: 0 });
    const written = await rows();
    expect(written).toHaveLength(2);
    expect(written.find((row) => row.feature === 'global')).toMatchObject({
      level: 'error',
      type: 'frontend',
      message: errorEvent.message,
      correlationId: PAGE,
      url: '/gallery/all?page=2',
      userId: null,
      meta: { line: 1, column: 2, stack: errorEvent.stack },
    });
    expect(written.find((row) => row.feature === 'web-vitals')).toMatchObject({
      level: 'info',
      type: 'metric',
      message: 'LCP',
      url: '/',
      meta: { value: 1234, rating: 'good' },
    });
  });

  it("never stores the setup link's token: the setup page keeps its path only, a token= elsewhere is masked", async () => {
    const token = 'Zk3v9QpL0aB7cD2eF4gH6iJ8kL0mN2oP4qR6sT8uV0w';
    const events = [
      {
        level: 'info',
        type: 'metric',
        feature: 'web-vitals',
        message: 'LCP',
        url: `/admin/setup/?token=${token}`,
        meta: { value: 900 },
      },
      {
        level: 'info',
        type: 'metric',
        feature: 'web-vitals',
        message: 'FCP',
        url: `/admin/setup?token=${token}#form`,
        meta: { value: 400 },
      },
      {
        level: 'error',
        type: 'frontend',
        feature: 'global',
        message: `Failed to load /admin/setup?token=${token}`,
        url: `/gallery?token=${token}&page=2`,
        stack: `Error: at /admin/setup?token=${token}:1:2`,
      },
      // In meta too, at any depth: a script error's source, a fetch error's text.
      {
        level: 'error',
        type: 'frontend',
        feature: 'global',
        message: 'Script error',
        meta: {
          line: 1,
          source: `http://127.0.0.1/admin/setup?token=${token}`,
          nested: { list: [`/admin/setup?token=${token}`] },
        },
      },
    ];
    expect((await send(post({ pageLoadId: PAGE, events }))).status).toBe(202);
    const written = await rows();
    expect(written).toHaveLength(4);
    expect(JSON.stringify(written)).not.toContain(token);
    expect(written.map((row) => row.url).sort()).toEqual([
      '/admin/setup',
      '/admin/setup',
      '/gallery?token=[redacted]&page=2',
      null,
    ]);
    expect(written.find((row) => row.message === 'Script error')?.meta).toEqual({
      line: 1,
      source: 'http://127.0.0.1/admin/setup?token=[redacted]',
      nested: { list: ['/admin/setup'] },
    });
  });

  it("accepts sendBeacon's text/plain and a single event; without a page-load id the request's correlation id is kept", async () => {
    const response = await send(
      post(errorEvent, {
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-correlation-id': 'request-id-123' },
      }),
    );
    expect(response.status).toBe(202);
    expect(await rows()).toEqual([expect.objectContaining({ feature: 'global', correlationId: 'request-id-123' })]);
  });

  it.each([
    ['not JSON', '{"level":', true],
    ['an empty batch', { pageLoadId: PAGE, events: [] }, false],
    ['21 events', { pageLoadId: PAGE, events: Array.from({ length: 21 }, () => errorEvent) }, false],
    ['an unknown level', { ...errorEvent, level: 'fatal' }, false],
    ['an unknown feature', { ...errorEvent, feature: 'admin' }, false],
    ['a user_id of its own', { ...errorEvent, user_id: '00000000-0000-4000-8000-000000000001' }, false],
    ['an unknown field in the batch', { pageLoadId: PAGE, events: [errorEvent], correlation_id: 'x' }, false],
    ['an unsafe page-load id', { pageLoadId: 'a b<script>', events: [errorEvent] }, false],
    ['a message over 1,000 characters', { ...errorEvent, message: 'x'.repeat(1001) }, false],
    ['a stack over 8,000 characters', { ...errorEvent, stack: 'x'.repeat(8001) }, false],
    ['a URL of another site', { ...errorEvent, url: 'https://evil.example/' }, false],
    ['a protocol-relative URL', { ...errorEvent, url: '//evil.example/x' }, false],
    ['a NUL character', { ...errorEvent, message: 'a\u0000b' }, false],
    ['a lone surrogate in meta', { ...errorEvent, meta: { x: '\uD800' } }, false],
    ['a status out of range', { ...errorEvent, status: 700 }, false],
  ])('refuses %s with 400 and writes nothing', async (_name, body, raw) => {
    const response = await send(post(body, { raw: raw as boolean }));
    expect(response.status).toBe(400);
    expect((await response.json()).error).toEqual(expect.any(String));
    expect(await rows()).toEqual([]);
  });

  it('gives up a body that stalls with 408, writing nothing', async () => {
    const stalled = new ReadableStream({
      start: (controller) => controller.enqueue(new TextEncoder().encode('{"pageLoadId":')),
    });
    const request = new Request('https://elena.example/api/telemetry', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [peer]: '203.0.113.7' },
      body: stalled,
      duplex: 'half',
    } as RequestInit);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const answer = send(request);
      await vi.advanceTimersByTimeAsync(10_000);
      const response = await answer;
      expect(response.status).toBe(408);
      expect((await response.json()).error).toBe('Body too slow: stalled 10 s, or not whole within 20 s.');
    } finally {
      vi.useRealTimers();
    }
    expect(await rows()).toEqual([]);
  });

  it('refuses an oversize body (declared or streamed) and an oversize meta with 413, writing nothing', async () => {
    const huge = { pageLoadId: PAGE, events: [{ ...errorEvent, meta: { pad: 'x'.repeat(17_000) } }] };
    expect((await send(post(huge))).status).toBe(413);
    // No content-length: the body is read only up to the cap.
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i += 1) controller.enqueue(new TextEncoder().encode('x'.repeat(1000)));
        controller.close();
      },
    });
    const chunked = new Request('https://elena.example/api/telemetry', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [peer]: '203.0.113.7' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect((await send(chunked)).status).toBe(413);
    const bigMeta = await send(post({ ...errorEvent, meta: { pad: 'x'.repeat(2100) } }));
    expect(bigMeta.status).toBe(413);
    expect((await bigMeta.json()).error).toMatch(/meta over 2048 bytes/);
    expect(await rows()).toEqual([]);
  });

  it('refuses cross-site posts (403) and other content types (415)', async () => {
    expect((await send(post(errorEvent, { headers: { 'sec-fetch-site': 'cross-site' } }))).status).toBe(403);
    expect((await send(post(errorEvent, { headers: { origin: 'https://evil.example' } }))).status).toBe(403);
    expect(
      (await send(post(errorEvent, { headers: { 'content-type': 'application/x-www-form-urlencoded' } }))).status,
    ).toBe(415);
    expect(await rows()).toEqual([]);
  });

  it('refuses too-frequent events per address with 429 and Retry-After, writing nothing for them; another address goes on', async () => {
    const batch = { pageLoadId: PAGE, events: Array.from({ length: 20 }, () => errorEvent) };
    for (let i = 0; i < 3; i += 1) expect((await send(post(batch))).status).toBe(202);
    const refused = await send(post(batch));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Once the bucket is empty the body is not even read.
    expect((await send(post(errorEvent))).status).toBe(429);
    expect(await rows()).toHaveLength(60);
    expect((await send(post(errorEvent, { address: '198.51.100.9' }))).status).toBe(202);
    expect(await rows()).toHaveLength(61);
    // The bucket refills at one event a second.
    clock += 5_000;
    expect((await send(post({ pageLoadId: PAGE, events: Array.from({ length: 5 }, () => errorEvent) }))).status).toBe(
      202,
    );
    expect((await send(post(errorEvent))).status).toBe(429);
    expect(await rows()).toHaveLength(66);
  });

  it('an IPv6 client counts as its /64: addresses in one /64 share a bucket, the next /64 has its own', async () => {
    const batch = { pageLoadId: PAGE, events: Array.from({ length: 20 }, () => errorEvent) };
    for (let i = 1; i <= 3; i += 1)
      expect((await send(post(batch, { address: `2001:db8:9:1::${i}` }))).status).toBe(202);
    expect((await send(post(errorEvent, { address: '2001:db8:9:1:ffff::1' }))).status).toBe(429);
    expect((await send(post(errorEvent, { address: '2001:db8:9:2::1' }))).status).toBe(202);
    expect(await rows()).toHaveLength(61);
  });

  it('caps everyone together: many addresses meet the global limit', async () => {
    const statuses: number[] = [];
    const batch = { pageLoadId: PAGE, events: Array.from({ length: 20 }, () => errorEvent) };
    for (let i = 0; i < 40; i += 1) statuses.push((await send(post(batch, { address: `198.51.100.${i + 1}` }))).status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(25);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(await rows()).toHaveLength(500);
  });

  it('answers 503 and drops the events when the write buffer is full', async () => {
    buffer = new TelemetryWriteBuffer({
      database: async () => db,
      maxBuffered: 3,
      batchSize: 100,
      onWritten: () => {},
    });
    expect((await send(post({ pageLoadId: PAGE, events: [errorEvent, errorEvent] }))).status).toBe(202);
    const full = await send(post({ pageLoadId: PAGE, events: [errorEvent, errorEvent] }));
    expect(full.status).toBe(503);
    expect(buffer.snapshot()).toMatchObject({ dropped: 2, buffered: 2 });
    expect(await rows()).toHaveLength(2);
  });
});

describe('TelemetryWriteBuffer', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
  });
  afterAll(() => db.close());

  it('writes a full batch at once in one insert, and the rest after flushMs', async () => {
    const written: number[] = [];
    const buffer = new TelemetryWriteBuffer({
      database: async () => db,
      batchSize: 5,
      flushMs: 50,
      onWritten: (_db, count) => written.push(count),
    });
    const row = { level: 'info' as const, type: 'metric', feature: 'web-vitals', message: 'CLS' };
    buffer.push(Array.from({ length: 7 }, () => row));
    await vi.waitFor(() => expect(written).toEqual([5, 2]), { timeout: 2000 });
    expect(await asSystem(db, 'test-setup', (sys) => sys.$count(logsApp))).toBe(7);
    expect(buffer.snapshot()).toMatchObject({ queued: 7, written: 7, buffered: 0, dropped: 0, failed: 0 });
  });
});
