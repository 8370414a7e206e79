import { databaseHealth, recheckDatabase } from '@/lib/db/health';

/**
 * The page a visitor gets while the database is unreachable (lib/db/health.ts), with 503 and
 * Retry-After: crawlers and uptime checks come back rather than drop the page. Plain HTML with
 * its own styles: it must not depend on anything that could be failing.
 */
export const RETRY_AFTER_SECONDS = 30;

export const OUTAGE_PAGE = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>We'll be right back | Elena Marsh</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#fbf8f3;color:#2b2a28;font:18px/1.6 Georgia,serif;text-align:center}
main{max-width:34rem;padding:2rem}
h1{font-weight:400;font-size:2.2rem;margin:0 0 1rem}
a{color:#2f5d73}
</style>
</head>
<body>
<main>
<h1>We'll be right back</h1>
<p>The site is taking a short break while it reconnects. Please try again in a minute.</p>
<p><a href="/">Go to the homepage</a></p>
</main>
</body>
</html>
`;

/** Pages rendered for each request from the database: while it is away, they answer 503 at once. */
const PER_REQUEST_PAGES = new Set(['/search']);

/**
 * For proxy.ts: the outage page for a page that needs the database on every request, while the
 * database is known to be unreachable. A streamed page (search results under Suspense) has
 * sent its 200 before its data fails, so it is answered here, before rendering.
 */
export function outageResponseFor(method: string, pathname: string): Response | null {
  if ((method !== 'GET' && method !== 'HEAD') || !PER_REQUEST_PAGES.has(pathname) || databaseHealth().reachable)
    return null;
  // This answer never touches the database: ask it in the background, or a server that only
  // receives such requests would answer 503 long after it is back.
  recheckDatabase();
  return new Response(method === 'HEAD' ? null : OUTAGE_PAGE, {
    status: 503,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': String(RETRY_AFTER_SECONDS),
    },
  });
}
