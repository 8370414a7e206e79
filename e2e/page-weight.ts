import zlib from 'node:zlib';
import type { Page } from '@playwright/test';

// The public page budget (docs/architecture.md, "Public page budget"): what a visitor's phone
// downloads before the page is usable. A bare Next.js page built with this project's next,
// react and react-dom loads 134,906 bytes of JavaScript, gzipped at level 6 (scripts/bare-next.ts,
// next 16.4.5); a public page may load at most 15 KiB more. `npm run bench` measures the same
// thing through Lighthouse; this test keeps a new dependency or a widened client island from
// slipping in between benchmark runs.
export const BARE_NEXT_JS_GZIP = 134_906;
export const JS_BUDGET = BARE_NEXT_JS_GZIP + 15 * 1024;
// The HTML as served (uncompressed): throughput falls with it. Today's largest page is about
// 60 KB (/gallery; the open shop's /shop 70 KB); the budget leaves room for content, not for a
// second copy of the navigation.
export const HTML_BUDGET = 90_000;
// The public stylesheet, gzipped: render-blocking on every page, so it holds the public site's
// rules only (the admin's are in app/admin/admin.css). About 11.7 KB today; 12.6 KB when it held
// both. It was 9.8 KB before the component classes that took 7 to 22 KB off every public page's
// HTML (bench-results/html-diet.md): cached once, against every page's HTML each time.
export const CSS_BUDGET = 12 * 1024;

/** Every same-origin script the page loaded, the lazy ones (telemetry, after idle) included. */
export async function scriptsLoaded(page: Page): Promise<string[]> {
  // Telemetry is imported once the page has loaded and the browser is idle (at most 3 s later).
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3_000 })));
  // The load state 'networkidle' was reached before the idle import began, so waiting for it again
  // returns at once: wait instead until no script has finished loading for half a second.
  const loaded = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter(
          (entry) => (entry as PerformanceResourceTiming).initiatorType === 'script' || entry.name.endsWith('.js'),
        )
        .map((entry) => entry.name)
        .filter((url) => new URL(url).origin === location.origin),
    );
  let scripts = await loaded();
  for (const deadline = Date.now() + 5_000; Date.now() < deadline;) {
    await page.waitForTimeout(500);
    const now = await loaded();
    if (now.length === scripts.length) break;
    scripts = now;
  }
  return scripts;
}

/** What a public page weighs as a visitor's phone downloads it: its scripts (gzipped at level 6, as Next's server compresses) and its HTML. */
export async function pageWeight(
  page: Page,
  pathname: string,
): Promise<{ scripts: string[]; jsGzip: number; htmlBytes: number }> {
  await page.goto(pathname);
  const scripts = [...new Set(await scriptsLoaded(page))].sort();
  let jsGzip = 0;
  for (const url of scripts) jsGzip += zlib.gzipSync(await (await page.request.get(url)).body(), { level: 6 }).length;
  const htmlBytes = (await (await page.request.get(pathname)).text()).length;
  return { scripts, jsGzip, htmlBytes };
}
