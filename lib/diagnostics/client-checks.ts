/**
 * The /__debug page's four checks, run in the browser. In Supabase mode they call the project
 * through /api/supabase; in embedded mode each calls the local equivalent (/debug/probe/*,
 * lib/diagnostics/probes.ts) and says so. Every call gives up after SAME_ORIGIN_TIMEOUT_MS, so a
 * card always settles.
 */
export type CardStatus = 'running' | 'success' | 'warning' | 'skipped' | 'error';
export type CardResult = { status: CardStatus; message: string };
export type CheckId = 'proxy' | 'smoke' | 'rest' | 'storage';

export type DebugConfig = {
  mode: 'supabase' | 'embedded';
  /** The configured public anon key (Supabase mode), shown on the page and sent as apikey. */
  anonKey: string | null;
  ipInfoUrl: string | null;
  echoUrl: string | null;
};

export type Fetcher = (input: string, init?: RequestInit) => Promise<Response>;

export const CHECKS: { id: CheckId; title: string }[] = [
  { id: 'proxy', title: 'Proxy Mode' },
  { id: 'smoke', title: 'API Smoke Test' },
  { id: 'rest', title: 'REST Test' },
  { id: 'storage', title: 'Storage Test' },
];

export const SAME_ORIGIN_TIMEOUT_MS = 8_000;
export const BODY_EXCERPT_CHARS = 120;
export const PARSE_FAILED = 'Failed to parse JSON response';
/** The public bucket (lib/storage/supabase-adapter.ts PUBLIC_BUCKET). */
const PUBLIC_BUCKET = 'gallery-images';

export function runCheck(id: CheckId, config: DebugConfig, fetcher: Fetcher): Promise<CardResult> {
  const run = { proxy: proxyMode, smoke: smokeTest, rest: restTest, storage: storageTest }[id];
  return run(config, fetcher).catch((error: unknown) => ({
    status: 'error' as const,
    message: describeFailure(error),
  }));
}

const apiHeaders = (config: DebugConfig): Record<string, string> =>
  config.anonKey ? { apikey: config.anonKey, authorization: `Bearer ${config.anonKey}` } : {};
const call = (fetcher: Fetcher, url: string, init: RequestInit = {}) =>
  fetcher(url, { cache: 'no-store', ...init, signal: AbortSignal.timeout(SAME_ORIGIN_TIMEOUT_MS) });

async function proxyMode(config: DebugConfig, fetcher: Fetcher): Promise<CardResult> {
  const response = await call(fetcher, '/api/supabase');
  const body = await readJson(response);
  if (response.status === 404 && config.mode === 'embedded') {
    return {
      status: 'skipped',
      message: errorText(body) ?? 'Embedded mode: there is no Supabase project to proxy to.',
    };
  }
  if (response.ok && body.ok) {
    const project = (body.value as { project?: string }).project;
    return { status: 'success', message: `Proxy mode is on: backend calls go through /api/supabase to ${project}.` };
  }
  return failed(response, body);
}

async function smokeTest(config: DebugConfig, fetcher: Fetcher): Promise<CardResult> {
  if (config.mode === 'embedded') {
    // Without cookies: the local auth endpoint must refuse a request that has no session.
    const response = await call(fetcher, '/debug/probe/auth', { credentials: 'omit' });
    await response.body?.cancel();
    return response.status === 401
      ? {
          status: 'success',
          message:
            'Embedded mode: the local auth endpoint answered 401 to a request without a session, as expected. It is on this site’s own origin, so no CORS header is needed.',
        }
      : { status: 'error', message: `Expected 401 from the local auth endpoint; got ${response.status}.` };
  }
  const response = await call(fetcher, '/api/supabase/auth/v1/token', { headers: apiHeaders(config) });
  await response.body?.cancel();
  const cors = response.headers.get('access-control-allow-origin');
  if (response.status === 401 && cors)
    return { status: 'success', message: `Auth answered 401 with the CORS header (${cors}), as expected.` };
  return {
    status: 'error',
    message: `Expected 401 with the CORS header; got ${response.status}${cors ? '' : ' without the CORS header'}.`,
  };
}

async function restTest(config: DebugConfig, fetcher: Fetcher): Promise<CardResult> {
  const read = await readServerTime(config, fetcher);
  if (!read.ok) return read.result;
  const where =
    config.mode === 'embedded'
      ? 'Embedded mode: debug_now read through the public data path (as a visitor)'
      : 'debug_now answered through /api/supabase';
  return { status: 'success', message: `${where}: server time ${read.serverTime.toISOString()}.` };
}

async function storageTest(config: DebugConfig, fetcher: Fetcher): Promise<CardResult> {
  if (config.mode === 'embedded') {
    const response = await call(fetcher, '/debug/probe/storage');
    const body = await readJson(response);
    if (response.status === 404 && body.ok) return { status: 'skipped', message: `Embedded mode: ${errorText(body)}` };
    if (!response.ok || !body.ok) return failed(response, body);
    const [file] = body.value as { name: string; size: number }[];
    return {
      status: 'success',
      message: `Embedded mode: a storage read of ${file?.name} (${file?.size} bytes) through the local storage.`,
    };
  }
  const response = await call(fetcher, `/api/supabase/storage/v1/object/list/${PUBLIC_BUCKET}`, {
    method: 'POST',
    headers: { ...apiHeaders(config), 'content-type': 'application/json' },
    body: JSON.stringify({ prefix: '', limit: 1 }),
  });
  const body = await readJson(response);
  if (!response.ok || !body.ok || !Array.isArray(body.value)) return failed(response, body);
  return {
    status: 'success',
    message: `Storage answered: the ${PUBLIC_BUCKET} bucket list returned ${body.value.length} item${body.value.length === 1 ? '' : 's'}.`,
  };
}

export type ServerTimeRead =
  { ok: true; serverTime: Date; roundTripMs: number; receivedAt: number } | { ok: false; result: CardResult };

/** public.debug_now's server time: through the proxy in Supabase mode, the local probe otherwise. */
export async function readServerTime(config: DebugConfig, fetcher: Fetcher): Promise<ServerTimeRead> {
  const started = Date.now();
  const response =
    config.mode === 'embedded'
      ? await call(fetcher, '/debug/probe/rest')
      : await call(fetcher, '/api/supabase/rest/v1/debug_now?select=*', {
          headers: { ...apiHeaders(config), accept: 'application/json' },
        });
  const body = await readJson(response);
  const receivedAt = Date.now();
  if (!response.ok || !body.ok) return { ok: false, result: failed(response, body) };
  const serverTime = new Date((body.value as { server_time?: string }[])[0]?.server_time ?? Number.NaN);
  if (Number.isNaN(serverTime.getTime()))
    return {
      ok: false,
      result: { status: 'error', message: `debug_now returned no server time: ${excerpt(body.text)}` },
    };
  return { ok: true, serverTime, roundTripMs: receivedAt - started, receivedAt };
}

type JsonRead = { ok: true; value: unknown; text: string } | { ok: false; text: string };

async function readJson(response: Response): Promise<JsonRead> {
  const text = await response.text();
  try {
    return { ok: true, value: JSON.parse(text), text };
  } catch {
    return { ok: false, text };
  }
}

/** The failure text (docs/product.md, Debug and health pages): the body's first 120 characters. */
function failed(response: Response, body: JsonRead): CardResult {
  const detail = body.ok ? excerpt(body.text) : PARSE_FAILED;
  return { status: 'error', message: `HTTP ${response.status}: ${detail}` };
}

export function excerpt(text: string): string {
  return text.slice(0, BODY_EXCERPT_CHARS);
}

function errorText(body: JsonRead): string | null {
  if (!body.ok || typeof body.value !== 'object' || body.value === null) return null;
  const { error, message } = body.value as { error?: unknown; message?: unknown };
  const text = typeof error === 'string' ? error : typeof message === 'string' ? message : null;
  return text;
}

export function describeFailure(error: unknown): string {
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `No answer within ${SAME_ORIGIN_TIMEOUT_MS / 1000} s.`;
  return `The request failed: ${error instanceof Error ? error.message : String(error)}`;
}
