/**
 * Where an /api/supabase/* request may go: the configured Supabase project, under one of the
 * four service prefixes, and nowhere else. The path is judged as the client sent it (still
 * percent-encoded), before any URL parser can normalise a trick away or into existence.
 */
export const PROXY_PREFIX = '/api/supabase';
export const ALLOWED_SERVICES = ['auth/v1', 'rest/v1', 'storage/v1', 'functions/v1'] as const;

export type ProxyTarget = { ok: true; url: URL } | { ok: false; error: string };

// Dots and slashes in any spelling (../, %2e, %2f, %5c), backslashes, user-info (@), and an
// empty segment (//host) are never part of a Supabase API path: refused rather than cleaned.
const FORBIDDEN = [
  {
    test: (path: string) => /%(2f|5c|2e|00|40)/i.test(path),
    reason: 'encoded slashes, dots, backslashes and @ are refused',
  },
  { test: (path: string) => path.includes('\\'), reason: 'backslashes are refused' },
  { test: (path: string) => path.includes('@'), reason: '@ is refused' },
  {
    test: (path: string) => path.split('/').some((segment) => segment === '..' || segment === '.'),
    reason: 'dot segments are refused',
  },
  { test: (path: string) => path.includes('//'), reason: 'empty path segments are refused' },
  { test: (path: string) => /^[a-z][a-z0-9+.-]*:/i.test(path), reason: 'absolute URLs are refused' },
];

/**
 * `rawPath` is the request's path as received (e.g. `/api/supabase/rest/v1/debug_now`),
 * `search` its query string (with `?`, or empty), `projectUrl` NEXT_PUBLIC_SUPABASE_URL.
 */
export function proxyTarget(rawPath: string, search: string, projectUrl: string): ProxyTarget {
  if (!rawPath.startsWith(`${PROXY_PREFIX}/`)) return { ok: false, error: 'Not a proxied path.' };
  const rest = rawPath.slice(PROXY_PREFIX.length + 1);
  for (const rule of FORBIDDEN) {
    if (rule.test(rest)) return { ok: false, error: `Refused: ${rule.reason}.` };
  }
  const service = ALLOWED_SERVICES.find((prefix) => rest === prefix || rest.startsWith(`${prefix}/`));
  if (!service) return { ok: false, error: `Refused: only ${ALLOWED_SERVICES.join(', ')} are proxied.` };
  // The query string is forwarded as is: after '?', it cannot change the host or the path.
  if (search && !search.startsWith('?')) return { ok: false, error: 'Refused: malformed query string.' };
  const project = new URL(projectUrl);
  const url = new URL(`${project.origin}/${rest}${search}`);
  // Belt and braces: whatever the parser made of it must still be the project, under the service.
  if (url.origin !== project.origin || !(url.pathname === `/${service}` || url.pathname.startsWith(`/${service}/`))) {
    return { ok: false, error: 'Refused: the path does not stay on the Supabase project.' };
  }
  return { ok: true, url };
}
