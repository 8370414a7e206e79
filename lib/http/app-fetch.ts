import { report } from '@/lib/telemetry/client-report';
import { CORRELATION_HEADER, nextCorrelationId, pageLoadId } from '@/lib/telemetry/page-load-id';
import {
  networkRecorder,
  setNetworkRecorder,
  type NetworkEntry,
  type NetworkRecorder,
} from '@/lib/telemetry/network-recorder';
import { redactHeaders } from '@/lib/telemetry/redact';

export { pageLoadId, nextCorrelationId, CORRELATION_HEADER };

export { setNetworkRecorder, type NetworkEntry, type NetworkRecorder };

export const BODY_EXCERPT = 200;
const ERROR_BODY = 500;

/**
 * The auth context of a 403 (docs/product.md, Telemetry). A page that knows says so on an element
 * with data-auth-session ('signed-in' / 'signed-out') and data-auth-admin ('true' / 'false');
 * otherwise the browser cannot tell, and says that.
 */
export function authContext(): string {
  const marked = typeof document === 'undefined' ? null : document.querySelector<HTMLElement>('[data-auth-session]');
  if (!marked) return 'unknown (RLS check failed)';
  const admin = marked.dataset.authAdmin;
  return `session: ${marked.dataset.authSession}${admin ? `, admin: ${admin}` : ''}`;
}

function describe(input: RequestInfo | URL, init: RequestInit) {
  const request = typeof Request !== 'undefined' && input instanceof Request ? input : null;
  const headers = new Headers(init.headers ?? request?.headers);
  const method = (init.method ?? request?.method ?? 'GET').toUpperCase();
  const url = request ? request.url : input instanceof URL ? input.href : String(input);
  return { headers, method, url };
}

/**
 * The one fetch for the site's own client requests (same signature as fetch). Adds the
 * correlation id header, and logs to /api/telemetry: any non-2xx answer as warn
 * 'non_2xx_response: {status}', a 403 also as error '403 Forbidden - RLS Policy Violation?'
 * with the auth context and the response body, and a network failure as 'fetch_failed' (an
 * abort the caller asked for is not a failure). The response is the caller's, unread.
 */
export async function appFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const { headers, method, url } = describe(input, init);
  headers.set(CORRELATION_HEADER, nextCorrelationId());
  const recorder = networkRecorder();
  const startTime = performance.now();
  const record = (fields: Partial<NetworkEntry>) =>
    recorder?.({
      source: 'app',
      at: Date.now(),
      startTime,
      method,
      url,
      durationMs: Math.round(performance.now() - startTime),
      requestHeaders: redactHeaders(headers),
      ...fields,
    });
  let response: Response;
  try {
    response = await fetch(input, { ...init, headers });
  } catch (error) {
    const aborted = error instanceof DOMException && error.name === 'AbortError';
    const message = error instanceof Error ? error.message : String(error);
    if (!aborted)
      report({
        level: 'error',
        type: 'frontend',
        feature: 'fetch',
        message: 'fetch_failed',
        url,
        method,
        meta: { error: message },
      });
    record({ error: aborted ? 'aborted' : message });
    throw error;
  }
  const durationMs = Math.round(performance.now() - startTime);
  if (!response.ok) {
    report({
      level: 'warn',
      type: 'frontend',
      feature: 'fetch',
      message: `non_2xx_response: ${response.status}`,
      url,
      method,
      status: response.status,
    });
    if (response.status === 403) {
      // In the background: the caller gets its response at once, unread.
      void response
        .clone()
        .text()
        .catch(() => '')
        .then((body) =>
          report({
            level: 'error',
            type: 'frontend',
            feature: 'fetch',
            message: '403 Forbidden - RLS Policy Violation?',
            url,
            method,
            status: 403,
            meta: { auth: authContext(), body: body.slice(0, ERROR_BODY) },
          }),
        );
    }
  }
  if (recorder) {
    void response
      .clone()
      .text()
      .catch(() => '')
      .then((body) => record({ status: response.status, durationMs, responseBody: body.slice(0, BODY_EXCERPT) }));
  }
  return response;
}
