import { NextResponse, type NextRequest } from 'next/server';
import { env } from '@/lib/env';
import { refreshSessionInProxy } from '@/lib/auth/proxy';
import { debugConnectOrigins, DEBUG_PAGE_PATH } from '@/lib/diagnostics/third-party';
import { contentSecurityPolicy, newNonce, policyOptions, type CspOptions } from '@/lib/http/csp';
import { outageResponseFor } from '@/lib/http/outage-page';
import { indexNowKeyFileRewrite } from '@/lib/search-engines/key-file';

/**
 * First stop of every request that does work per request: admin pages, route handlers, server
 * actions, search and the debug pages (see `config.matcher`). It gives the request a
 * correlation id (kept from the caller when sane) that server logs and the response share, sets
 * the Content Security Policy of the pages rendered per request (admin pages, /search,
 * /__debug) with a per-request nonce (Next reads it from the request header and puts it on its
 * scripts), and in Supabase mode refreshes an expiring session. While the database is
 * unreachable, a page that needs it on every request answers the calm 503 at once
 * (lib/http/outage-page.ts).
 * Public pages served from the cache do not come here (it would halve their requests/s: see
 * docs/decisions/0001-public-pages-skip-the-proxy.md). Their fixed policy is a header from
 * next.config.ts.
 * Authorization is NOT decided here: every admin page, action and route handler calls
 * requireAdmin() itself, so a request that skips or fools the proxy (CVE-2025-29927,
 * x-middleware-subrequest) gains nothing.
 */
const CORRELATION_HEADER = 'x-correlation-id';
const SAFE_ID = /^[A-Za-z0-9._:-]{8,100}$/;
const SEARCH_PAGE_PATH = '/search';

export async function proxy(request: NextRequest) {
  // A path with broken percent-encoding (/gallery/%E0%A4%A) cannot name any page, and Next's
  // param decoding answers it with a 500: answer 400 here instead.
  if (!isDecodablePath(request.nextUrl.pathname)) return new NextResponse('Bad Request', { status: 400 });
  const outage = outageResponseFor(request.method, request.nextUrl.pathname);
  if (outage) return outage;
  const incoming = request.headers.get(CORRELATION_HEADER);
  const correlationId = incoming && SAFE_ID.test(incoming) ? incoming : crypto.randomUUID();
  // Runs before the request headers are copied: a refresh rewrites the request's cookies.
  const applyRefresh = await refreshSessionInProxy(request);
  const headers = new Headers(request.headers);
  headers.set(CORRELATION_HEADER, correlationId);
  const csp = policyFor(request.nextUrl.pathname);
  if (csp) headers.set('content-security-policy', csp);
  // /{INDEXNOW_KEY}.txt is served by a route handler; every other path goes on as requested.
  const keyFile = indexNowKeyFileRewrite(request.nextUrl.pathname, env().INDEXNOW_KEY);
  const response = keyFile
    ? NextResponse.rewrite(new URL(keyFile, request.url), { request: { headers } })
    : NextResponse.next({ request: { headers } });
  applyRefresh(response);
  response.headers.set(CORRELATION_HEADER, correlationId);
  if (csp) response.headers.set('content-security-policy', csp);
  return response;
}

let policyBase: { options: CspOptions; debugOrigins: string[] } | undefined;

/**
 * The policy of the pages rendered per request, with a fresh nonce: admin pages, /search and
 * /__debug (each blocks on the request, so no prerendered shell without the nonce is served);
 * null elsewhere, where next.config.ts sets the public one. What the policies depend on but the
 * nonce is fixed for the process: worked out once, not per request.
 */
function policyFor(pathname: string): string | null {
  if (!policyBase) {
    const config = env();
    policyBase = { options: policyOptions(config), debugOrigins: debugConnectOrigins(config) };
  }
  const { options, debugOrigins } = policyBase;
  // /__debug alone may call the configured third-party check endpoints (IP info, request echo).
  if (pathname === DEBUG_PAGE_PATH)
    return contentSecurityPolicy({ ...options, nonce: newNonce(), connectOrigins: debugOrigins });
  if (pathname === SEARCH_PAGE_PATH) return contentSecurityPolicy({ ...options, nonce: newNonce() });
  const admin = pathname === '/admin' || pathname.startsWith('/admin/');
  // The admin's browser uploads images straight to storage (Supabase mode, lib/storage/port.ts).
  const storage = options.storageOrigin;
  return admin
    ? contentSecurityPolicy({ ...options, nonce: newNonce(), connectOrigins: storage ? [storage] : [] })
    : null;
}

function isDecodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export const config = {
  // Every entry leaves out a request whose body is 2,000,000 bytes or more (PROXIED_BODY_LIMIT,
  // lib/http/body-limit.ts) or of unknown length (chunked): Next would read all of it before
  // the route runs, even for a 401. Such a request goes straight to its route, which answers
  // before reading (adminRoute) or caps what it reads. Next reads this config statically, so the
  // condition is written out in each entry (proxy.test.ts checks that none lacks it).
  matcher: [
    // One entry for every path the proxy is for (Next compiles each entry's pattern anew on every
    // request, a public page's included: docs/benchmarks.md, Levers measured and left out):
    // - admin pages, the debug pages, and route handlers except the upload route and the
    //   Supabase proxy, left out so a 10 MB body streams straight to its handler;
    // - search, which renders per request (the outage 503, its nonce);
    // - a .txt file at the root (/{INDEXNOW_KEY}.txt is rewritten);
    // - a path with a percent sign, which may be broken encoding (the 400 above).
    {
      source: '/(admin(?:/.*)?|__debug|debug(?:/.*)?|api/(?!upload-artwork-image|supabase).*|search|[^/]+\\.txt|.*%.*)',
      missing: [
        { type: 'header', key: 'content-length', value: '(?:[2-9]\\d{6}|\\d{8,})' },
        { type: 'header', key: 'transfer-encoding' },
      ],
    },
    // Server actions, posted to the page that holds the form: their log lines carry the id.
    {
      source: '/((?!_next/).*)',
      has: [{ type: 'header', key: 'next-action' }],
      missing: [
        { type: 'header', key: 'content-length', value: '(?:[2-9]\\d{6}|\\d{8,})' },
        { type: 'header', key: 'transfer-encoding' },
      ],
    },
  ],
};
