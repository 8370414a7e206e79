import { describe, expect, it } from 'vitest';
import { runCheck, type DebugConfig, type Fetcher } from './client-checks';

const embedded: DebugConfig = { mode: 'embedded', anonKey: null, ipInfoUrl: null, echoUrl: null };
const supabase: DebugConfig = { mode: 'supabase', anonKey: 'public-anon-key', ipInfoUrl: null, echoUrl: null };

type Call = { url: string; init?: RequestInit };
/** A fetch that answers from a table, recording what was asked. */
function fakeFetch(answers: Record<string, () => Response>): { fetcher: Fetcher; calls: Call[] } {
  const calls: Call[] = [];
  const fetcher: Fetcher = async (url, init) => {
    calls.push({ url, init });
    const answer = answers[url];
    if (!answer) throw new TypeError('Failed to fetch');
    return answer();
  };
  return { fetcher, calls };
}
const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('the /__debug checks in embedded mode', () => {
  it('Proxy Mode is skipped with the server’s reason', async () => {
    const { fetcher } = fakeFetch({
      '/api/supabase': json(404, { error: 'Embedded mode: no Supabase project is configured.' }),
    });
    expect(await runCheck('proxy', embedded, fetcher)).toEqual({
      status: 'skipped',
      message: 'Embedded mode: no Supabase project is configured.',
    });
  });

  it('API Smoke Test expects 401 from the local auth endpoint, asked without cookies', async () => {
    const { fetcher, calls } = fakeFetch({ '/debug/probe/auth': json(401, { message: 'No session' }) });
    const result = await runCheck('smoke', embedded, fetcher);
    expect(result.status).toBe('success');
    expect(result.message).toMatch(/^Embedded mode: the local auth endpoint answered 401/);
    expect(calls[0]!.init?.credentials).toBe('omit');
    const { fetcher: open } = fakeFetch({ '/debug/probe/auth': json(200, { session: true }) });
    expect(await runCheck('smoke', embedded, open)).toEqual({
      status: 'error',
      message: 'Expected 401 from the local auth endpoint; got 200.',
    });
  });

  it('REST Test reads debug_now and says it went through the public data path', async () => {
    const { fetcher } = fakeFetch({ '/debug/probe/rest': json(200, [{ server_time: '2026-11-23T12:00:00.000Z' }]) });
    expect(await runCheck('rest', embedded, fetcher)).toEqual({
      status: 'success',
      message:
        'Embedded mode: debug_now read through the public data path (as a visitor): server time 2026-11-23T12:00:00.000Z.',
    });
  });

  it('Storage Test is skipped when there is no file to read, an error when the read fails', async () => {
    const none = fakeFetch({
      '/debug/probe/storage': json(404, {
        message: 'No stored public file to read: no published artwork has an image yet.',
      }),
    });
    expect(await runCheck('storage', embedded, none.fetcher)).toEqual({
      status: 'skipped',
      message: 'Embedded mode: No stored public file to read: no published artwork has an image yet.',
    });
    const read = fakeFetch({
      '/debug/probe/storage': json(200, [{ name: '/media/a/b/1-thumb-400.webp', size: 1234 }]),
    });
    expect((await runCheck('storage', embedded, read.fetcher)).status).toBe('success');
  });
});

describe('the /__debug checks in Supabase mode', () => {
  it('make the Supabase calls through /api/supabase with the public anon key', async () => {
    const { fetcher, calls } = fakeFetch({
      '/api/supabase': json(200, { proxy: '/api/supabase', project: 'https://abc.supabase.co' }),
      '/api/supabase/auth/v1/token': json(401, { msg: 'no' }, { 'access-control-allow-origin': '*' }),
      '/api/supabase/rest/v1/debug_now?select=*': json(200, [{ server_time: '2026-11-23T12:00:00+00:00' }]),
      '/api/supabase/storage/v1/object/list/gallery-images': json(200, [{ name: 'florals' }]),
    });
    expect(await runCheck('proxy', supabase, fetcher)).toEqual({
      status: 'success',
      message: 'Proxy mode is on: backend calls go through /api/supabase to https://abc.supabase.co.',
    });
    expect(await runCheck('smoke', supabase, fetcher)).toEqual({
      status: 'success',
      message: 'Auth answered 401 with the CORS header (*), as expected.',
    });
    expect((await runCheck('rest', supabase, fetcher)).status).toBe('success');
    expect((await runCheck('storage', supabase, fetcher)).status).toBe('success');
    const rest = calls.find((call) => call.url.includes('debug_now'))!;
    expect(new Headers(rest.init?.headers).get('apikey')).toBe('public-anon-key');
    const list = calls.find((call) => call.url.includes('storage'))!;
    expect(list.init?.method).toBe('POST');
  });

  it('says what was expected when the smoke test fails', async () => {
    const { fetcher } = fakeFetch({ '/api/supabase/auth/v1/token': json(401, {}) });
    expect(await runCheck('smoke', supabase, fetcher)).toEqual({
      status: 'error',
      message: 'Expected 401 with the CORS header; got 401 without the CORS header.',
    });
  });

  it('shows the first 120 characters of a failed body, or that it was not JSON', async () => {
    const long = 'x'.repeat(300);
    const { fetcher } = fakeFetch({
      '/api/supabase/rest/v1/debug_now?select=*': json(500, { message: long }),
      '/api/supabase/storage/v1/object/list/gallery-images': () =>
        new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    const rest = await runCheck('rest', supabase, fetcher);
    expect(rest).toEqual({ status: 'error', message: `HTTP 500: ${JSON.stringify({ message: long }).slice(0, 120)}` });
    expect(await runCheck('storage', supabase, fetcher)).toEqual({
      status: 'error',
      message: 'HTTP 502: Failed to parse JSON response',
    });
  });

  it('turns a network failure into an error card instead of throwing', async () => {
    const { fetcher } = fakeFetch({});
    expect(await runCheck('proxy', supabase, fetcher)).toEqual({
      status: 'error',
      message: 'The request failed: Failed to fetch',
    });
  });
});
