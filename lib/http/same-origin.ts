import { env } from '@/lib/env';

/**
 * Whether a state-changing request comes from the site's own pages (OWASP CSRF cheat sheet:
 * verifying origin with standard headers). Browsers set Sec-Fetch-Site and Origin themselves
 * and no page can forge them; a request with neither comes from outside a browser, where
 * there is no victim's cookie to ride on, and the admin check that follows decides.
 */
export function isSameOriginRequest(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site) return site === 'same-origin';
  const origin = request.headers.get('origin');
  if (origin === null) return true;
  return allowedOrigins(request).has(origin);
}

function allowedOrigins(request: Request): Set<string> {
  const allowed = new Set([new URL(env().SITE_URL).origin]);
  // The host the browser addressed, over either scheme (a proxy may end TLS in front of us).
  const host = request.headers.get('host');
  if (host) for (const scheme of ['https', 'http']) allowed.add(`${scheme}://${host}`);
  return allowed;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** 403 for a cross-site write; null when the request may go on. */
export function refuseCrossSiteWrite(request: Request): Response | null {
  if (SAFE_METHODS.has(request.method.toUpperCase()) || isSameOriginRequest(request)) return null;
  return Response.json(
    { error: 'Cross-site request refused.' },
    { status: 403, headers: { 'Cache-Control': 'no-store' } },
  );
}
