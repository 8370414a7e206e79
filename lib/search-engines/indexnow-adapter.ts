import type { NotifyOutcome, SearchEngineNotifier } from './port';

/**
 * IndexNow (indexnow.org): one POST tells Bing and the other participating engines which URLs
 * of a host were added, changed or removed. The key file at keyLocation proves the host is ours
 * (lib/search-engines/key-file.ts serves it).
 */

/** At most this many URLs per request (indexnow.org, "submitting a set of URLs"). */
export const INDEXNOW_BATCH = 10_000;

/** A third-party call never hangs the admin's request (docs/product.md, Diagnostics). */
export const INDEXNOW_TIMEOUT_MS = 5_000;

export type IndexNowBody = { host: string; key: string; keyLocation: string; urlList: string[] };

/** Where the key file is served: /{key}.txt at the site's root (proxy.ts rewrites it). */
export const keyFilePath = (key: string) => `/${key}.txt`;

/** The request body for these site paths (at most INDEXNOW_BATCH), absolute on SITE_URL's host. */
export function indexNowBody(siteUrl: string, key: string, paths: readonly string[]): IndexNowBody {
  if (paths.length > INDEXNOW_BATCH) throw new RangeError(`IndexNow takes at most ${INDEXNOW_BATCH} URLs a request`);
  const site = new URL(siteUrl);
  const keyLocation = new URL(keyFilePath(key), site).toString();
  return { host: site.host, key, keyLocation, urlList: paths.map((path) => new URL(path, site).toString()) };
}

/** What IndexNow's answers mean (indexnow.org, "response format"). */
const STATUS_REASONS: Record<number, string> = {
  400: 'bad request',
  403: 'key not valid (the key file was not found or does not match)',
  422: 'URLs do not belong to the host, or the key does not match',
  429: 'too many requests',
};

/** Sends one body. 200 and 202 are acceptance; anything else, or no answer in time, is not. */
export async function postIndexNow(
  endpoint: string,
  body: IndexNowBody,
  { timeoutMs = INDEXNOW_TIMEOUT_MS, fetchImpl = fetch }: { timeoutMs?: number; fetchImpl?: typeof fetch } = {},
): Promise<NotifyOutcome> {
  let response: Response;
  try {
    response = await fetchImpl(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      accepted: false,
      reason: timedOut
        ? `no answer within ${timeoutMs / 1000} s`
        : `could not reach ${new URL(endpoint).host} (${describe(error)})`,
    };
  }
  // The body is not needed; release the connection.
  await response.body?.cancel().catch(() => {});
  if (response.status === 200 || response.status === 202) return { accepted: true, status: response.status };
  return { accepted: false, status: response.status, reason: STATUS_REASONS[response.status] ?? 'unexpected answer' };
}

function describe(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error
    ? ('code' in cause && typeof cause.code === 'string' && cause.code) || cause.message
    : String(cause);
}

/**
 * How the site reaches IndexNow: its key, the endpoint it POSTs to, the site's address (SITE_URL)
 * the paths are made absolute on; `timeoutMs` and `fetchImpl` for tests.
 */
export type IndexNowSettings = {
  key: string;
  endpoint: string;
  siteUrl: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
};

/** The search-engine port through IndexNow: one POST a call, 10,000 URLs at most. */
export function createIndexNowNotifier({
  key,
  endpoint,
  siteUrl,
  timeoutMs,
  fetchImpl,
}: IndexNowSettings): SearchEngineNotifier {
  return {
    batchSize: INDEXNOW_BATCH,
    notify: async (paths) => postIndexNow(endpoint, indexNowBody(siteUrl, key, paths), { timeoutMs, fetchImpl }),
  };
}
