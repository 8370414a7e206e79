import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The browser globals the client modules touch, in Node: sendBeacon records what would be sent.
const beacons: { url: string; body: { pageLoadId: string; events: Record<string, unknown>[] } }[] = [];
vi.stubGlobal('navigator', {
  sendBeacon: (url: string, body: string) => beacons.push({ url, body: JSON.parse(body) }) > 0,
});
vi.stubGlobal('addEventListener', () => {});
vi.stubGlobal('document', { addEventListener: () => {}, visibilityState: 'visible', querySelector: () => null });
const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterAll(() => vi.unstubAllGlobals());

const { appFetch, pageLoadId, setNetworkRecorder } = await import('./app-fetch');
const { flushReports } = await import('@/lib/telemetry/client-report');
const { REDACTED } = await import('@/lib/telemetry/redact');
type Entry = Parameters<Parameters<typeof setNetworkRecorder>[0] & object>[0];

function reported(): Record<string, unknown>[] {
  flushReports();
  return beacons.flatMap((beacon) =>
    beacon.body.events.map((event) => ({ ...event, pageLoadId: beacon.body.pageLoadId, endpoint: beacon.url })),
  );
}

describe('appFetch', () => {
  beforeEach(() => {
    beacons.length = 0;
    fetchMock.mockReset();
    setNetworkRecorder(null);
  });

  it('sends the request with a correlation id of this page load, keeps its own headers, and returns the response unread', async () => {
    fetchMock.mockResolvedValue(new Response('{"ok":true}', { status: 200 }));
    const response = await appFetch('/api/thing', {
      method: 'POST',
      body: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(await response.json()).toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0]!;
    const headers = new Headers(init!.headers);
    expect(headers.get('content-type')).toBe('text/plain');
    expect(headers.get('x-correlation-id')).toMatch(new RegExp(`^${pageLoadId()}\\.\\d+$`));
    expect(headers.get('x-correlation-id')).toMatch(/^[A-Za-z0-9._:-]{8,100}$/);
    await appFetch('/api/thing');
    expect(new Headers(fetchMock.mock.calls[1]![1]!.headers).get('x-correlation-id')).not.toBe(
      headers.get('x-correlation-id'),
    );
    expect(reported()).toEqual([]);
  });

  it("logs a non-2xx answer as warn 'non_2xx_response: {status}' to /api/telemetry with the page-load id", async () => {
    fetchMock.mockResolvedValue(new Response('missing', { status: 404 }));
    const response = await appFetch('/api/missing');
    expect(response.status).toBe(404);
    expect(reported()).toEqual([
      expect.objectContaining({
        endpoint: '/api/telemetry',
        pageLoadId: pageLoadId(),
        level: 'warn',
        type: 'frontend',
        feature: 'fetch',
        message: 'non_2xx_response: 404',
        url: '/api/missing',
        method: 'GET',
        status: 404,
      }),
    ]);
  });

  it("logs a 403 also as error '403 Forbidden - RLS Policy Violation?' with the auth context and the response body", async () => {
    fetchMock.mockResolvedValue(
      new Response('{"error":"new row violates row-level security policy"}', { status: 403 }),
    );
    const response = await appFetch('/api/upload-artwork-image', { method: 'POST' });
    expect(await response.text()).toContain('row-level security');
    await vi.waitFor(() =>
      expect(reported().map((event) => event.message)).toContain('403 Forbidden - RLS Policy Violation?'),
    );
    const events = reported();
    expect(events.map((event) => event.message)).toEqual([
      'non_2xx_response: 403',
      '403 Forbidden - RLS Policy Violation?',
    ]);
    expect(events[1]).toMatchObject({
      level: 'error',
      status: 403,
      method: 'POST',
      meta: { auth: 'unknown (RLS check failed)', body: '{"error":"new row violates row-level security policy"}' },
    });
  });

  it("logs a network failure as 'fetch_failed' and rethrows it; an abort the caller asked for is not logged", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(appFetch('/api/down')).rejects.toThrow('Failed to fetch');
    expect(reported()).toEqual([
      expect.objectContaining({
        level: 'error',
        feature: 'fetch',
        message: 'fetch_failed',
        url: '/api/down',
        meta: { error: 'Failed to fetch' },
      }),
    ]);
    beacons.length = 0;
    fetchMock.mockRejectedValueOnce(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(appFetch('/api/slow')).rejects.toThrow('aborted');
    expect(reported()).toEqual([]);
  });

  it('records requests for the network panel with Authorization and api-key headers redacted and the body cut to 200 characters', async () => {
    const entries: Entry[] = [];
    setNetworkRecorder((entry) => entries.push(entry));
    fetchMock.mockResolvedValue(new Response('b'.repeat(500), { status: 200 }));
    await appFetch('/rest/v1/artworks', {
      headers: {
        Authorization: 'Bearer secret-token',
        apikey: 'anon-key-123',
        'x-api-key': 'k',
        accept: 'application/json',
      },
    });
    await vi.waitFor(() => expect(entries).toHaveLength(1));
    const entry = entries[0]!;
    expect(Object.fromEntries(entry.requestHeaders!)).toMatchObject({
      authorization: REDACTED,
      apikey: REDACTED,
      'x-api-key': REDACTED,
      accept: 'application/json',
    });
    expect(JSON.stringify(entry)).not.toMatch(/secret-token|anon-key-123/);
    expect(entry).toMatchObject({
      method: 'GET',
      url: '/rest/v1/artworks',
      status: 200,
      responseBody: 'b'.repeat(200),
    });
    // The request itself still carries the real header.
    expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).get('authorization')).toBe('Bearer secret-token');
  });
});
