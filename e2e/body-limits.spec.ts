import http from 'node:http';
import { expect, test } from '@playwright/test';
import { adminCookie, startOwnServer, type OwnServer } from './own-server';

// A request's body is refused or given up without the server reading it whole
// (docs/operations.md, Running it yourself: what to put in front). Sent from node:http, which lets a test send a body as slowly as it likes and see when
// the answer comes: Playwright's request client sends each body whole first.

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; afterMs: number; sentBytes: number };

const GIVE_UP_MS = 20_000;

/**
 * POSTs `first` bytes of a body of `length` (chunked when null), then one byte every `trickleMs`
 * (never when null), and resolves with the answer, however much of the body was sent by then;
 * fails when none came within GIVE_UP_MS.
 */
function post(
  baseURL: string,
  path: string,
  {
    length,
    first,
    trickleMs = null,
    headers = {},
  }: { length: number | null; first: number; trickleMs?: number | null; headers?: Record<string, string> },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let sentBytes = 0;
    let trickle: ReturnType<typeof setInterval> | undefined;
    const giveUp = setTimeout(() => {
      clearInterval(trickle);
      request.destroy();
      reject(new Error(`${path}: no answer within ${GIVE_UP_MS} ms (${sentBytes} bytes of the body sent)`));
    }, GIVE_UP_MS);
    const request = http.request(new URL(path, baseURL), {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        ...(length === null ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(length) }),
        ...headers,
      },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        clearInterval(trickle);
        clearTimeout(giveUp);
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
          afterMs: Date.now() - started,
          sentBytes,
        });
        request.destroy();
      });
    });
    request.on('error', (error) => {
      clearInterval(trickle);
      clearTimeout(giveUp);
      reject(error);
    });
    request.write(Buffer.alloc(first, 0x20));
    sentBytes = first;
    if (trickleMs !== null) {
      trickle = setInterval(() => {
        request.write(' ');
        sentBytes += 1;
      }, trickleMs);
    }
  });
}

test('an admin route answers a visitor’s large body before it is sent, without reading it', async ({ baseURL }) => {
  // 3 MB declared, 64 KB sent, the rest never: the answer cannot wait for the body's end.
  for (const path of ['/api/generate-sitemap', '/api/generate-artwork-details']) {
    const answer = await post(baseURL!, path, { length: 3_000_000, first: 64 * 1024 });
    expect(answer.status, path).toBe(401);
    expect(answer.sentBytes, path).toBe(64 * 1024);
  }
  // Of unknown length (chunked), the same.
  const chunked = await post(baseURL!, '/api/generate-sitemap', { length: null, first: 64 * 1024 });
  expect(chunked.status).toBe(401);
  // A small body still passes through proxy.ts (its correlation id), and is answered as before.
  const small = await post(baseURL!, '/api/generate-sitemap', { length: 2, first: 2 });
  expect(small.status).toBe(401);
  expect(small.headers['x-correlation-id']).toMatch(/^[A-Za-z0-9._:-]{8,100}$/);
});

// The real deadlines are minutes (UPLOAD_IDLE_SECONDS 30, UPLOAD_TOTAL_SECONDS 180): these tests
// run on a server of their own, the suite's build started with 2 s and 5 s, so no other test's
// upload meets them.
const slowUploads = [
  // 1 MB declared; 1 byte every 500 ms: never idle for 2 s, and never done.
  {
    client: 'whose body trickles',
    deadline: 'its overall deadline',
    length: 1_000_000,
    trickleMs: 500,
    atLeastMs: 4_500,
  },
  // 5 MB declared, 100 bytes sent, then silence: the client waits for an answer (GIVE_UP_MS).
  {
    client: 'whose client goes quiet',
    deadline: 'its idle deadline, not when the client gives up',
    length: 5_000_000,
    trickleMs: null,
    atLeastMs: 1_500,
  },
];

test.describe('with short upload deadlines', () => {
  let server: OwnServer;
  let cookie: string;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000);
    server = await startOwnServer('upload-deadlines', { UPLOAD_IDLE_SECONDS: '2', UPLOAD_TOTAL_SECONDS: '5' });
    cookie = await adminCookie(browser, server.url);
  });
  test.afterAll(async () => {
    await server?.dispose();
  });

  for (const { client, deadline, length, trickleMs, atLeastMs } of slowUploads) {
    test(`an upload ${client} is given up with 408 at ${deadline}`, async () => {
      const answer = await post(server.url, '/api/upload-artwork-image', {
        length,
        first: 100,
        trickleMs,
        headers: { 'content-type': 'multipart/form-data; boundary=x', cookie },
      });
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body)).toEqual({
        error:
          'Upload failed: the file arrived too slowly (nothing for 2 seconds, or not all of it within 5 seconds). Please try again on a steadier connection.',
      });
      expect(answer.afterMs).toBeGreaterThanOrEqual(atLeastMs);
      expect(answer.afterMs).toBeLessThan(GIVE_UP_MS);
      expect(answer.sentBytes).toBeGreaterThanOrEqual(100);
      expect(answer.sentBytes).toBeLessThan(200);
    });
  }
});
