import { keyFilePath } from './search-engines';

/** Where proxy.ts sends /{key}.txt: a route that answers only for the configured key. */
const KEY_FILE_ROUTE = '/api/indexnow-key';

/**
 * The rewrite target for a request path, or null. Only the configured key's file is rewritten,
 * so every other /{anything}.txt (and every path without a key configured) stays the site's 404.
 */
export function indexNowKeyFileRewrite(pathname: string, key: string | undefined): string | null {
  return key && pathname === keyFilePath(key) ? `${KEY_FILE_ROUTE}${pathname}` : null;
}

/**
 * The key file's answer: the key as plain text (indexnow.org, "host a key file"). The route's
 * segment must name the key's file, so the key is not served at any guessable address.
 */
export function serveIndexNowKeyFile(file: string, key: string | undefined): Response {
  if (!key || `/${file}` !== keyFilePath(key))
    return new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(key, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
