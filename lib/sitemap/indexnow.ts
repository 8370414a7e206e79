/**
 * IndexNow (indexnow.org): one POST tells Bing and the other participating engines which URLs
 * of a host were added, changed or removed. The key file at keyLocation proves the host is ours.
 */

/** At most this many URLs per request (indexnow.org, "submitting a set of URLs"). */
export const INDEXNOW_BATCH = 10_000;

/** A third-party call never hangs the admin's request (docs/product.md, Diagnostics). */
export const INDEXNOW_TIMEOUT_MS = 5_000;

export type IndexNowBody = { host: string; key: string; keyLocation: string; urlList: string[] };

export type IndexNowOutcome = { accepted: true; status: number } | { accepted: false; status?: number; reason: string };

/** Where the key file is served: /{key}.txt at the site's root (proxy.ts rewrites it). */
export const keyFilePath = (key: string) => `/${key}.txt`;

/** The request bodies for these site paths, absolute on SITE_URL's host, 10,000 URLs each. */
export function indexNowBodies(siteUrl: string, key: string, paths: readonly string[]): IndexNowBody[] {
  const site = new URL(siteUrl);
  const keyLocation = new URL(keyFilePath(key), site).toString();
  const urls = paths.map((path) => new URL(path, site).toString());
  const bodies: IndexNowBody[] = [];
  for (let i = 0; i < urls.length; i += INDEXNOW_BATCH) {
    bodies.push({ host: site.host, key, keyLocation, urlList: urls.slice(i, i + INDEXNOW_BATCH) });
  }
  return bodies;
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
): Promise<IndexNowOutcome> {
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
    return { accepted: false, reason: timedOut ? `no answer within ${timeoutMs / 1000} s` : `could not reach ${new URL(endpoint).host} (${describe(error)})` };
  }
  // The body is not needed; release the connection.
  await response.body?.cancel().catch(() => {});
  if (response.status === 200 || response.status === 202) return { accepted: true, status: response.status };
  return { accepted: false, status: response.status, reason: STATUS_REASONS[response.status] ?? 'unexpected answer' };
}

function describe(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? (('code' in cause && typeof cause.code === 'string' && cause.code) || cause.message) : String(cause);
}
