/**
 * `npm run bench [-- --no-build] [-- --quick] [-- --shop] [-- --pages=/,/gallery] [-- --no-load]
 * [-- --no-lighthouse] [-- --stylesheet-reference]`: how fast and how good the public pages are,
 * against pages of Next's own. `--shop` measures them with the shop open (the setting on, a print
 * with two sizes made from the artwork measured), adds `/shop`, and writes its results to
 * bench-results/public-shop.json and .md instead. `--pages`, `--no-load` and `--no-lighthouse`
 * measure part of it (a lever's before and after): such a run goes to the runs folder only.
 *
 * The references, each built in a temporary folder from this project's own next, react and
 * react-dom (scripts/bare-next.ts):
 * - the bare Next page (one static page): the floor for JavaScript and total blocking time;
 * - the same bare page showing only the artwork page's own painting (its <img> attributes,
 *   preloads and image files, taken from the artwork page's HTML): the floor for LCP;
 * - for each page, the same-size reference: the bare page holding plain text at that page's HTML
 *   size, the floor for its requests per second. It is served by a server that has rendered a page
 *   once, as every live server has, and (not a target) by one that never has
 *   (docs/decisions/0014-same-size-reference-after-a-render.md). For a page on a dynamic route
 *   (the artwork page, the blog post) the same text is also served at the page's path from a route
 *   of its shape, prerendered (not a target): what Next's own dynamic-route work costs;
 * - with --stylesheet-reference, not a target: the painting page linking the site's stylesheet.
 * The site is built into .next-bench (unless --no-build) and started with `next start` on a fresh
 * DATA_DIR (.data-bench). For /, /gallery, one artwork page and one blog post:
 * - the HTML's size (as a load-test request receives it, uncompressed);
 * - autocannon, 50 connections, 10 s a run, the page and its same-size references in rounds of
 *   R P F F P R (R P S F F S P R with the same-shape reference), so drift (thermal, background
 *   work) falls equally on page and reference:
 *   requests/s (every run kept) and p99;
 * - Lighthouse 12 (mobile): the median of 5 simulated runs (Lighthouse's default, what PageSpeed
 *   Insights reports) and of 3 devtools runs (real throttling of the page load): the four category
 *   scores, FCP, LCP, CLS, TBT;
 * - the JavaScript each page loads, gzipped (every same-origin script Lighthouse saw, fetched
 *   and gzipped here at level 6, as Next's server compresses, so the figure does not depend on
 *   chunking of the transfer).
 * Results: bench-results/public.json and bench-results/public.md, with pass/fail targets
 * (docs/architecture.md, "Public page budget"), and a copy of each run in
 * bench-results/public-runs/.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { blogPosts } from '@/lib/seed/blog-posts';
import { buildBareNext, RENDERED_ROUTE, type BareApp, type Painting } from './bare-next';
import { asSystem } from '@/lib/db/roles';
import { artworks, products, productVariants, siteSettings } from '@/lib/db/schema';
import { openPglite } from '@/lib/db/pglite-adapter';
import { eq } from 'drizzle-orm';
import { buildNext, startNext, type NextServer } from './next-process';
import { formatLcpRuns, lcpRun, type LcpRun, type LighthouseResult } from './lantern-race';

const argv = process.argv.slice(2);
const args = new Set(argv);
/** `--pages /,/gallery`: measure only these of the pages (a lever's before and after), not a record. */
const onlyPages = argv
  .find((arg) => arg.startsWith('--pages='))
  ?.slice('--pages='.length)
  .split(',');
const skipLoad = args.has('--no-load');
const skipLighthouse = args.has('--no-lighthouse');
/** A run of part of the benchmark: written to the runs folder, never over the record. */
const partial = Boolean(onlyPages) || skipLoad || skipLighthouse;
/** BENCH_DIST_DIR: another build folder, so a run can leave a running .next-bench alone. */
const distDir = process.env.BENCH_DIST_DIR ?? '.next-bench';
const dataDir = '.data-bench';
const port = Number(process.env.BENCH_PORT ?? 3204);
const barePort = port + 1;
const quick = args.has('--quick');
const shopOpen = args.has('--shop');
const resultsName = shopOpen ? 'public-shop' : 'public';
const DURATION = quick ? 3 : 10;
const CONNECTIONS = 50;
/** Simulated throttling is a model of one trace: its LCP swings more between runs, so more of them. */
const LIGHTHOUSE_RUNS: Record<Throttling, number> = quick ? { simulate: 1, devtools: 1 } : { simulate: 5, devtools: 3 };
// Runs of one page vary by about ±10% here (a shared two-core machine), so each page is
// measured in several A B B A rounds against the reference, and the figures are their means.
const LOAD_ROUNDS = quick ? 1 : 3;
const lighthouseCli = path.join(process.cwd(), 'node_modules', 'lighthouse', 'cli', 'index.js');
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

type Load = { requestsPerSecond: number; p99Ms: number; errors: number; non2xx: number; runs?: number[] };
type Quality = {
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  cls: number | null;
  tbtMs: number | null;
  jsGzipBytes: number | null;
  jsTransferBytes: number | null;
  runs: number;
  /** Simulated runs only: each run's LCP and the scripts Lantern replayed before it (scripts/lantern-race.ts). */
  lcpRuns?: LcpRun[];
  error?: string;
};
type Throttling = 'simulate' | 'devtools';
type PageResult = {
  name: string;
  path: string;
  status: number;
  htmlBytes: number | null;
  load: Load | null;
  /**
   * The same-size reference: the bare page holding plain text at this page's HTML size, served by
   * a server that has rendered a page once, as every live server has (the target's yardstick)...
   */
  sizedLoad?: Load | null;
  /** ...and by a server that has never rendered one (not a target: no live server stays so). */
  sizedFreshLoad?: Load | null;
  /**
   * For a page on a dynamic route, not a target: the same text served from a route of the same
   * shape at the same path, prerendered (after a render too). What Next's own dynamic-route work
   * costs a page of that size.
   */
  shapedLoad?: Load | null;
  sizedReferenceHtmlBytes?: number | null;
  /** Lighthouse with simulated throttling (its default) and with devtools throttling. */
  quality: Quality | null;
  devtools: Quality | null;
  error?: string;
};

async function status(server: NextServer, pathname: string) {
  try {
    const response = await fetch(server.url + pathname);
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/** The HTML a load-test request receives (no Accept-Encoding, as autocannon sends it). */
async function htmlBytes(server: NextServer, pathname: string): Promise<number | null> {
  try {
    const response = await fetch(server.url + pathname, { headers: { 'accept-encoding': 'identity' } });
    return (await response.arrayBuffer()).byteLength;
  } catch {
    return null;
  }
}

/** The attributes of an HTML tag as written ("&amp;" and friends decoded). */
function attributesOf(tag: string): Record<string, string> {
  const decode = (value: string) =>
    value
      .replaceAll('&quot;', '"')
      .replaceAll('&#x27;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
  return Object.fromEntries(
    [...tag.matchAll(/\s([a-zA-Z-]+)(?:="([^"]*)")?/g)].map(([, name, value]) => [
      name!.toLowerCase(),
      decode(value ?? ''),
    ]),
  );
}

/**
 * A page's largest painting as its HTML has it: the high-priority <img>, the image preloads, and
 * every file they name (src, srcset, href, imagesrcset), fetched from the server.
 */
async function paintingOf(server: NextServer, pathname: string): Promise<Painting> {
  const html = await (await fetch(server.url + pathname)).text();
  const imgTag = html.match(/<img\b[^>]*fetchpriority="high"[^>]*>/i)?.[0];
  if (!imgTag) throw new Error(`${pathname} has no high-priority <img>`);
  const img = attributesOf(imgTag);
  const preloads = [...html.matchAll(/<link\b[^>]*rel="preload"[^>]*as="image"[^>]*>/gi)].map(([tag]) =>
    attributesOf(tag),
  );
  const urls = new Set<string>();
  const addSet = (set?: string) =>
    set?.split(',').forEach((entry) => entry.trim() && urls.add(entry.trim().split(/\s+/)[0]!));
  for (const attributes of [img, ...preloads]) {
    if (attributes.src) urls.add(attributes.src);
    if (attributes.href) urls.add(attributes.href);
    addSet(attributes.srcset);
    addSet(attributes.imagesrcset);
  }
  const stylesheets: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/gi)) {
    const href = attributesOf(tag).href;
    if (href) stylesheets.push(await (await fetch(new URL(href, server.url))).text());
  }
  const files = [];
  for (const url of urls) {
    if (!url.startsWith('/')) throw new Error(`${pathname}: the painting ${url} is not on this server`);
    const response = await fetch(server.url + url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    files.push({ path: new URL(url, server.url).pathname, bytes: Buffer.from(await response.arrayBuffer()) });
  }
  return { img, preloads, files, stylesheets };
}

/**
 * The shop opened in the stopped server's database, with a print of the artwork at `artworkPath`
 * (two sizes), as the owner would on /admin/shop. The boot rule renders every page again at the
 * next start.
 */
async function openShop(artworkPath: string) {
  const db = await openPglite({ dataDir });
  try {
    await asSystem(db, 'benchmark', async (sys) => {
      const slug = artworkPath.split('/').at(-1)!;
      const [art] = await sys
        .select({ id: artworks.id, title: artworks.title })
        .from(artworks)
        .where(eq(artworks.slug, slug));
      if (!art) throw new Error(`no artwork ${slug}`);
      await sys
        .insert(siteSettings)
        .values({ id: true, shopOpen: true })
        .onConflictDoUpdate({ target: siteSettings.id, set: { shopOpen: true } });
      const [print] = await sys
        .insert(products)
        .values({
          kind: 'print',
          title: `${art.title}, giclée print`,
          description: 'Archival pigment print on cotton rag.',
          artworkId: art.id,
        })
        .returning({ id: products.id });
      await sys.insert(productVariants).values([
        { productId: print!.id, label: 'A4', pricePence: 3_500, stock: 10, weightClass: 'small', position: 0 },
        { productId: print!.id, label: 'A3', pricePence: 5_500, stock: null, weightClass: 'large', position: 1 },
      ]);
    });
  } finally {
    await db.close();
  }
}

async function firstArtworkPath(server: NextServer): Promise<string | null> {
  const html = await (await fetch(`${server.url}/gallery`)).text();
  const match = html.match(/href="(\/gallery\/[a-z0-9-]+\/[a-z0-9-]+)"/);
  return match?.[1] ?? null;
}

function cannon(url: string, duration = DURATION): Promise<Load> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration }, (error, result) => {
      if (error) return reject(error);
      resolve({
        requestsPerSecond: result.requests.average,
        p99Ms: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
      });
    });
  });
}

function mean(loads: Load[]): Load {
  const avg = (pick: (load: Load) => number) => loads.reduce((sum, load) => sum + pick(load), 0) / loads.length;
  return {
    requestsPerSecond: Math.round(avg((l) => l.requestsPerSecond)),
    p99Ms: Math.round(avg((l) => l.p99Ms)),
    errors: avg((l) => l.errors),
    non2xx: avg((l) => l.non2xx),
    runs: loads.flatMap((l) => l.runs ?? [Math.round(l.requestsPerSecond)]),
  };
}

/**
 * Rounds of R P F F P R: the page (P) and its same-size reference (R) each measured twice around
 * the other, so drift falls on both alike; the never-rendered reference (F) in the middle. A page
 * on a dynamic route also has its same-shape reference (S): R P S F F S P R.
 */
async function loadRounds(pageUrl: string, referenceUrl: string, freshUrl: string, shapedUrl: string | null) {
  const page: Load[] = [];
  const ref: Load[] = [];
  const fresh: Load[] = [];
  const shaped: Load[] = [];
  for (let round = 0; round < LOAD_ROUNDS; round++) {
    ref.push(await cannon(referenceUrl));
    page.push(await cannon(pageUrl));
    if (shapedUrl) shaped.push(await cannon(shapedUrl));
    fresh.push(await cannon(freshUrl));
    fresh.push(await cannon(freshUrl));
    if (shapedUrl) shaped.push(await cannon(shapedUrl));
    page.push(await cannon(pageUrl));
    ref.push(await cannon(referenceUrl));
  }
  return {
    load: mean(page),
    sizedLoad: mean(ref),
    sizedFreshLoad: mean(fresh),
    shapedLoad: shapedUrl ? mean(shaped) : null,
  };
}

async function gzipSize(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    // A loaded machine drops the odd connection: retry before giving up on the figure.
    for (let attempt = 1; ; attempt++) {
      try {
        const body = Buffer.from(await (await fetch(url)).arrayBuffer());
        total += zlib.gzipSync(body, { level: 6 }).length;
        break;
      } catch (error) {
        if (attempt === 3) throw new Error(`fetching ${url}: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }
  return total;
}

/**
 * One Lighthouse run, through its CLI in a plain Node process: under tsx, functions Lighthouse
 * sends into the page carry esbuild's __name helper and fail there.
 */
async function lighthouseOnce(url: string, throttling: Throttling) {
  const out = path.join(os.tmpdir(), `lh-${process.pid}-${Date.now()}.json`);
  const result = spawnSync(
    process.execPath,
    [
      lighthouseCli,
      url,
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      `--throttling-method=${throttling}`,
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      '--quiet',
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      encoding: 'utf8',
      timeout: 180_000,
    },
  );
  if (result.status !== 0 || !fs.existsSync(out))
    throw new Error(`lighthouse failed (${result.status}): ${(result.stderr ?? '').slice(-1000)}`);
  const lhr = JSON.parse(fs.readFileSync(out, 'utf8')) as LighthouseResult & { runtimeError?: { message: string } };
  fs.rmSync(out, { force: true });
  if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
  return lhr;
}

async function quality(url: string, throttling: Throttling): Promise<Quality> {
  const runs: LighthouseResult[] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS[throttling]; i++) runs.push(await lighthouseOnce(url, throttling));
  const median = (pick: (lhr: LighthouseResult) => number | null | undefined): number | null => {
    const values = runs
      .map(pick)
      .filter((value): value is number => typeof value === 'number')
      .sort((a, b) => a - b);
    return values.length ? values[Math.floor(values.length / 2)]! : null;
  };
  const score = (id: string) =>
    median((lhr) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id]!.score! * 100)));
  const audit = (id: string) => median((lhr) => lhr.audits[id]?.numericValue);
  // Scripts from the run with the median performance score (they barely vary between runs).
  const sorted = [...runs].sort(
    (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
  );
  const chosen = sorted[Math.floor(sorted.length / 2)]!;
  const scripts = (chosen.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );
  const origin = new URL(url).origin;
  const sameOrigin = scripts.flatMap((item) => (item.url?.startsWith(origin) ? [item.url] : []));
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbtMs: audit('total-blocking-time'),
    jsGzipBytes: await gzipSize(sameOrigin),
    jsTransferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    runs: runs.length,
    ...(throttling === 'simulate' ? { lcpRuns: runs.map(lcpRun).filter((run): run is LcpRun => run !== null) } : {}),
  };
}

function check(ok: boolean | null) {
  return ok === null ? 'n/a' : ok ? 'pass' : 'FAIL';
}

/** The HTML a public page may weigh, uncompressed (docs/architecture.md, Public page budget). */
const HTML_BUDGET_BYTES = 60 * 1024;

/**
 * The public page budget (docs/architecture.md, Public page budget): requests/s against the bare
 * page of the same HTML size, LCP against the bare page with the painting, total blocking time
 * and JavaScript against the bare page.
 */
function targets(page: PageResult, bare: PageResult, painting: PageResult) {
  const q = page.quality;
  const d = page.devtools;
  const within = (lcp: number | null | undefined, floor: number | null | undefined) =>
    lcp != null && floor != null ? lcp <= 1.1 * floor : null;
  const blocking = (tbt: number | null | undefined, floor: number | null | undefined) =>
    tbt != null && floor != null ? tbt <= floor + 50 : null;
  const both = (a: boolean | null, b: boolean | null) => (a === null || b === null ? null : a && b);
  return {
    requestsPerSecond:
      page.load && page.sizedLoad
        ? page.load.requestsPerSecond >= 0.9 * page.sizedLoad.requestsPerSecond &&
          page.load.errors === 0 &&
          page.load.non2xx === 0
        : null,
    lcpSimulated: within(q?.lcpMs, painting.quality?.lcpMs),
    lcpDevtools: within(d?.lcpMs, painting.devtools?.lcpMs),
    // 0.00 as Lighthouse shows it (two decimals), in both modes.
    cls: q?.cls != null && d?.cls != null ? Math.max(q.cls, d.cls) < 0.005 : null,
    tbt: both(blocking(q?.tbtMs, bare.quality?.tbtMs), blocking(d?.tbtMs, bare.devtools?.tbtMs)),
    // Every script the page transfers (Lighthouse's network requests of type Script), lazy ones included.
    js:
      q?.jsTransferBytes != null && bare.quality?.jsTransferBytes != null
        ? q.jsTransferBytes <= bare.quality.jsTransferBytes + 15 * 1024
        : null,
    html: page.htmlBytes != null ? page.htmlBytes <= HTML_BUDGET_BYTES : null,
    accessibility: q?.accessibility != null ? q.accessibility === 100 : null,
    bestPractices: q?.bestPractices != null ? q.bestPractices === 100 : null,
    seo: q?.seo != null ? q.seo === 100 : null,
  };
}

function markdown(
  results: PageResult[],
  bare: PageResult,
  painting: PageResult,
  styled: PageResult | null,
  meta: Record<string, unknown>,
) {
  const kb = (bytes: number | null | undefined) => (bytes == null ? 'n/a' : `${(bytes / 1024).toFixed(1)} KB`);
  const n = (value: number | null | undefined, digits = 0) => (value == null ? 'n/a' : value.toFixed(digits));
  const times = (value: number | null | undefined, of: number | null | undefined) =>
    value == null || !of ? 'n/a' : `${(value / of).toFixed(2)}×`;
  const runs = (load: Load | null | undefined) => load?.runs?.join(', ') ?? 'n/a';
  const references = [bare, painting, ...(styled ? [styled] : [])];
  const nameOf = (page: PageResult) =>
    page === bare
      ? 'bare Next page'
      : page === painting
        ? 'bare page with the painting'
        : page === styled
          ? "… and the site's stylesheet (not a target)"
          : `\`${page.path}\``;
  const lines = [
    '# Public pages benchmark',
    '',
    `Run ${meta.date} on ${meta.cpus} CPUs, Node ${meta.node}, Next ${meta.next}; production build (${distDir}), embedded database on a fresh DATA_DIR${shopOpen ? ', the shop open' : ''}.${partial ? ' **A partial run** (some pages or measures left out): not a record.' : ''}`,
    `References, built from the same next, react and react-dom (scripts/bare-next.ts): the bare Next page (one static page, no client components, images or fonts); the same bare page showing only the artwork page's painting (its <img>, preloads and files), LCP's floor;${styled ? " that page linking the site's stylesheet too (not a target: what a render-blocking stylesheet alone costs);" : ''} and for each page the same-size reference, the bare page holding plain text at that page's HTML size, served by a server that has rendered a page once, as every live server has (docs/decisions/0014-same-size-reference-after-a-render.md), and, not a target, by one that never has.`,
    `Load: autocannon ${CONNECTIONS} connections, ${DURATION} s a run, no Accept-Encoding; each page and its same-size references in ${LOAD_ROUNDS} rounds of R P F F P R (reference, page, never-rendered reference), R P S F F S P R for a page on a dynamic route (S: the same size on its route's shape), means of ${2 * LOAD_ROUNDS} runs each (every run below).`,
    `Lighthouse ${meta.lighthouse}, mobile: the median of ${LIGHTHOUSE_RUNS.simulate} simulated runs (Lighthouse's default throttling) and of ${LIGHTHOUSE_RUNS.devtools} devtools runs (the load really throttled). JS: same-origin scripts the page loads, gzipped (level 6). HTML: uncompressed.`,
    '',
    '| Page | HTML | req/s (× same-size) | p99 ms | Perf sim / dt | FCP ms sim / dt | LCP ms sim / dt (× painting) | CLS sim / dt | TBT ms sim / dt | JS transferred (+ bare) | JS gz | A11y | BP | SEO |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const page of [...references, ...results]) {
    const q = page.quality;
    const d = page.devtools;
    const reference = references.includes(page);
    const extraJs =
      !reference && q?.jsTransferBytes != null && bare.quality?.jsTransferBytes != null
        ? ` (+${kb(q.jsTransferBytes - bare.quality.jsTransferBytes)})`
        : '';
    const lcp = reference
      ? ''
      : ` (${times(q?.lcpMs, painting.quality?.lcpMs)} / ${times(d?.lcpMs, painting.devtools?.lcpMs)})`;
    lines.push(
      `| ${nameOf(page)} | ${kb(page.htmlBytes)} | ${n(page.load?.requestsPerSecond)}${reference ? '' : ` (${times(page.load?.requestsPerSecond, page.sizedLoad?.requestsPerSecond)})`} | ${n(page.load?.p99Ms)} | ${n(q?.performance)} / ${n(d?.performance)} | ${n(q?.fcpMs)} / ${n(d?.fcpMs)} | ${n(q?.lcpMs)} / ${n(d?.lcpMs)}${lcp} | ${n(q?.cls, 3)} / ${n(d?.cls, 3)} | ${n(q?.tbtMs)} / ${n(d?.tbtMs)} | ${kb(q?.jsTransferBytes)}${extraJs} | ${kb(q?.jsGzipBytes)} | ${n(q?.accessibility)} | ${n(q?.bestPractices)} | ${n(q?.seo)} |`,
    );
    if (!reference)
      lines.push(
        `| … same-size reference | ${kb(page.sizedReferenceHtmlBytes)} | ${n(page.sizedLoad?.requestsPerSecond)} | ${n(page.sizedLoad?.p99Ms)} | | | | | | | | | | |`,
      );
    if (page.shapedLoad)
      lines.push(
        `| … same size, on its route's shape (not a target) | ${kb(page.sizedReferenceHtmlBytes)} | ${n(page.shapedLoad.requestsPerSecond)} (${times(page.shapedLoad.requestsPerSecond, page.sizedLoad?.requestsPerSecond)}) | ${n(page.shapedLoad.p99Ms)} | | | | | | | | | | |`,
      );
  }
  lines.push(
    '',
    '## Simulated LCP, run by run',
    '',
    "Each simulated run's LCP (ms), and how many of the page's scripts had ended before the LCP observed in the unthrottled load: Lantern replays those on the throttled link, so a run whose scripts came in before its paint estimates far higher (docs/benchmarks.md, Levers measured and left out).",
    '',
  );
  for (const page of [...references, ...results]) {
    lines.push(`- ${nameOf(page)}: ${page.quality?.lcpRuns?.length ? formatLcpRuns(page.quality.lcpRuns) : 'n/a'}`);
  }
  lines.push(
    '',
    '## Same-size references',
    '',
    "What serving that many bytes costs in Next alone, whatever they hold; what one render costs every request after it (Node 20's AsyncLocalStorage promise hooks, on for the life of the process once a page has rendered); and, for a page on a dynamic route, what Next's own work for a route of that shape costs (the same text at the same path, from a route of the same shape, prerendered by generateStaticParams as the site's pages are).",
    '',
    '| Page | HTML | same-size HTML | page req/s | same-size, after a render | page × that | same-size, never rendered | after a render × never | same size and shape | that × same-size | page × that |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const page of results) {
    const shaped = page.shapedLoad?.requestsPerSecond;
    lines.push(
      `| \`${page.path}\` | ${kb(page.htmlBytes)} | ${kb(page.sizedReferenceHtmlBytes)} | ${n(page.load?.requestsPerSecond)} | ${n(page.sizedLoad?.requestsPerSecond)} | ${times(page.load?.requestsPerSecond, page.sizedLoad?.requestsPerSecond)} | ${n(page.sizedFreshLoad?.requestsPerSecond)} | ${times(page.sizedLoad?.requestsPerSecond, page.sizedFreshLoad?.requestsPerSecond)} | ${n(shaped)} | ${shaped ? times(shaped, page.sizedLoad?.requestsPerSecond) : 'n/a'} | ${shaped ? times(page.load?.requestsPerSecond, shaped) : 'n/a'} |`,
    );
  }
  lines.push(
    '',
    '## Every load run (req/s)',
    '',
    `Bare Next page (4.7 KB, never rendered): ${runs(bare.load)}.`,
    '',
    '| Page | page runs | same-size, after a render (same rounds) | same-size, never rendered (same rounds) | same size and shape (same rounds) |',
    '| --- | --- | --- | --- | --- |',
  );
  for (const page of results)
    lines.push(
      `| \`${page.path}\` | ${runs(page.load)} | ${runs(page.sizedLoad)} | ${runs(page.sizedFreshLoad)} | ${page.shapedLoad ? runs(page.shapedLoad) : 'n/a'} |`,
    );
  lines.push(
    '',
    '## Targets',
    '',
    '| Page | req/s >= 0.9× same-size, 0 errors | LCP sim <= 1.10× painting | LCP dt <= 1.10× painting | CLS 0.00 | TBT <= bare + 50 ms | JS transferred <= bare + 15 KB | HTML <= 60 KB | A11y 100 | BP 100 | SEO 100 |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const page of results) {
    const t = targets(page, bare, painting);
    lines.push(
      `| \`${page.path}\` | ${check(t.requestsPerSecond)} | ${check(t.lcpSimulated)} | ${check(t.lcpDevtools)} | ${check(t.cls)} | ${check(t.tbt)} | ${check(t.js)} | ${check(t.html)} | ${check(t.accessibility)} | ${check(t.bestPractices)} | ${check(t.seo)} |`,
    );
  }
  const problems = [...references, ...results].filter(
    (page) => page.error || page.quality?.error || page.devtools?.error || page.status !== 200,
  );
  if (problems.length) {
    lines.push('', '## Problems', '');
    for (const page of problems) {
      const lighthouse = [page.quality?.error, page.devtools?.error].filter(Boolean).join('; ');
      lines.push(
        `- \`${page.path}\`: status ${page.status}${page.error ? `; ${page.error}` : ''}${lighthouse ? `; Lighthouse: ${lighthouse}` : ''}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

async function measureQuality(url: string, throttling: Throttling): Promise<Quality> {
  try {
    return await quality(url, throttling);
  } catch (error) {
    return {
      performance: null,
      accessibility: null,
      bestPractices: null,
      seo: null,
      fcpMs: null,
      lcpMs: null,
      cls: null,
      tbtMs: null,
      jsGzipBytes: null,
      jsTransferBytes: null,
      runs: 0,
      error: (error as Error).message,
    };
  }
}

function packageVersion(name: string): string {
  return (
    JSON.parse(fs.readFileSync(path.join(process.cwd(), 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
}

/** A reference or a page before it is measured. */
function unmeasured(name: string, path: string, status: number, htmlBytes: number | null): PageResult {
  return { name, path, status, htmlBytes, load: null, quality: null, devtools: null };
}

/** Asks every URL three times (the first request after a start renders a page: the boot rule), then loads it briefly so the JIT has compiled its path. */
async function warmUp(urls: string[]) {
  for (const url of urls) {
    for (let i = 0; i < 3; i++) await fetch(url).then((response) => response.arrayBuffer());
  }
  for (const url of urls) await cannon(url, 3);
}

async function main() {
  if (!args.has('--no-build')) {
    console.log(`Building into ${distDir} ...`);
    // Built for the origin it is measured at: canonical links and robots.txt name it.
    buildNext(distDir, { siteUrl: `http://127.0.0.1:${port}` });
  }
  console.log('Building the bare reference page ...');
  const bareApp = buildBareNext();
  fs.rmSync(dataDir, { recursive: true, force: true });
  const servers: NextServer[] = [];
  const apps: BareApp[] = [bareApp];
  const startBare = async (app: BareApp, offset: number) => {
    const started = await startNext({
      distDir: '.next',
      dataDir: '.data-bare',
      port: barePort + offset,
      cwd: app.dir,
      readyPath: '/',
    });
    servers.push(started);
    return started;
  };
  let server = await startNext({ distDir, dataDir, port });
  try {
    const bareServer = await startBare(bareApp, 0);
    const artworkPath = await firstArtworkPath(server);
    if (!artworkPath) throw new Error('no artwork page found on /gallery');
    if (shopOpen) {
      console.log(`Opening the shop, with a print of ${artworkPath} ...`);
      await server.stop();
      await openShop(artworkPath);
      server = await startNext({ distDir, dataDir, port });
    }
    console.log(`Building the bare page with ${artworkPath}'s painting ...`);
    const artworkPainting = await paintingOf(server, artworkPath);
    const paintingApp = buildBareNext(process.cwd(), { painting: artworkPainting });
    apps.push(paintingApp);
    const paintingServer = await startBare(paintingApp, 1);
    // Not a target, and only when asked: how much of the pages' LCP a render-blocking stylesheet alone costs.
    let styledServer: NextServer | null = null;
    if (args.has('--stylesheet-reference')) {
      console.log("Building the bare page with the painting and the site's stylesheet ...");
      const styledApp = buildBareNext(process.cwd(), { painting: artworkPainting, withStylesheet: true });
      apps.push(styledApp);
      styledServer = await startBare(styledApp, 2);
    }
    // `route`: the app/ folder of a page served from a dynamic route, for its same-shape reference.
    const allPages: { name: string; path: string | null; route?: string }[] = [
      { name: 'home', path: '/' },
      { name: 'gallery', path: '/gallery' },
      { name: 'artwork', path: artworkPath, route: 'gallery/[collection]/[slug]' },
      { name: 'blog post', path: blogPosts[0] ? `/blog/${blogPosts[0].slug}` : null, route: 'blog/[slug]' },
      ...(shopOpen ? [{ name: 'shop', path: '/shop' }] : []),
    ];
    const pages = onlyPages
      ? allPages.filter((page) => onlyPages.some((only) => only === page.path || only === page.name))
      : allPages;
    const bareUrl = `${bareServer.url}/`;
    const paintingUrl = `${paintingServer.url}/`;
    const styledUrl = styledServer ? `${styledServer.url}/` : null;
    await warmUp([
      bareUrl,
      paintingUrl,
      ...(styledUrl ? [styledUrl] : []),
      ...pages.flatMap((page) => (page.path ? [server.url + page.path] : [])),
    ]);

    const bare = unmeasured('bare', '/', await status(bareServer, '/'), await htmlBytes(bareServer, '/'));
    const painting = unmeasured(
      'bare with the painting',
      '/',
      await status(paintingServer, '/'),
      await htmlBytes(paintingServer, '/'),
    );
    const styled = styledServer
      ? unmeasured(
          'bare with the painting and the stylesheet',
          '/',
          await status(styledServer, '/'),
          await htmlBytes(styledServer, '/'),
        )
      : null;
    const results: PageResult[] = [];
    for (const page of pages) {
      const result = unmeasured(
        page.name,
        page.path ?? '(none found)',
        page.path ? await status(server, page.path) : 0,
        page.path ? await htmlBytes(server, page.path) : null,
      );
      results.push(result);
      if (!page.path || result.status !== 200)
        result.error = page.path ? `HTTP ${result.status}` : 'no such page found';
    }

    if (!skipLoad) {
      console.log('Load: the bare page');
      const bareRuns: Load[] = [];
      for (let i = 0; i < 2 * LOAD_ROUNDS; i++) bareRuns.push(await cannon(bareUrl));
      bare.load = mean(bareRuns);
      // The same-size references: one app, served twice. One server renders a page first, as every
      // live server has; the other never does.
      const measurable = results.filter((page) => !page.error);
      const sizedRoute = (page: PageResult) => page.name.replace(/\W+/g, '-');
      console.log("Building the bare pages at the pages' sizes ...");
      const routeOf = (page: PageResult) => pages.find((listed) => listed.name === page.name)?.route;
      const sizedApp = buildBareNext(process.cwd(), {
        sized: measurable.map((page) => {
          const route = routeOf(page);
          return {
            route: sizedRoute(page),
            htmlBytes: page.htmlBytes ?? 0,
            dynamic: route ? { route, path: page.path } : undefined,
          };
        }),
      });
      apps.push(sizedApp);
      const sizedServer = await startBare(sizedApp, 3);
      const freshServer = await startBare(sizedApp, 4);
      await fetch(`${sizedServer.url}/${RENDERED_ROUTE}`).then((response) => response.arrayBuffer());
      for (const page of measurable) {
        const sizedUrl = `${sizedServer.url}/${sizedRoute(page)}`;
        const freshUrl = `${freshServer.url}/${sizedRoute(page)}`;
        const shapedUrl = routeOf(page) ? sizedServer.url + page.path : null;
        page.sizedReferenceHtmlBytes = await htmlBytes(sizedServer, `/${sizedRoute(page)}`);
        await warmUp([sizedUrl, freshUrl, ...(shapedUrl ? [shapedUrl] : [])]);
        try {
          console.log(`Load: ${page.path} against the bare pages of its size`);
          Object.assign(page, await loadRounds(server.url + page.path, sizedUrl, freshUrl, shapedUrl));
        } catch (error) {
          page.error = (error as Error).message;
        }
      }
    }

    if (!skipLighthouse) {
      const references = new Map<PageResult, { url: string; label: string }>([
        [bare, { url: bareUrl, label: 'bare page' }],
        [painting, { url: paintingUrl, label: 'bare page with the painting' }],
      ]);
      if (styled && styledUrl)
        references.set(styled, { url: styledUrl, label: 'bare page with the painting and the stylesheet' });
      for (const page of [...references.keys(), ...results]) {
        if (page.status !== 200) continue;
        const url = references.get(page)?.url ?? server.url + page.path;
        console.log(`Lighthouse: ${references.get(page)?.label ?? page.path}`);
        page.quality = await measureQuality(url, 'simulate');
        page.devtools = await measureQuality(url, 'devtools');
      }
    }

    const meta = {
      date: new Date().toISOString(),
      cpus: os.cpus().length,
      node: process.version,
      next: packageVersion('next'),
      react: packageVersion('react'),
      lighthouse: packageVersion('lighthouse'),
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      loadRounds: LOAD_ROUNDS,
      lighthouseRuns: LIGHTHOUSE_RUNS,
      partial,
    };
    const out = path.join(process.cwd(), 'bench-results');
    fs.mkdirSync(out, { recursive: true });
    const json = {
      meta,
      bare,
      painting,
      styled,
      pages: results.map((page) => ({ ...page, targets: targets(page, bare, painting) })),
    };
    const md = markdown(results, bare, painting, styled, meta);
    if (!partial) {
      fs.writeFileSync(path.join(out, `${resultsName}.json`), `${JSON.stringify(json, null, 2)}\n`);
      fs.writeFileSync(path.join(out, `${resultsName}.md`), md);
    }
    // Every run kept, so figures can be compared across changes.
    const runsDir = path.join(out, `${resultsName}-runs`);
    fs.mkdirSync(runsDir, { recursive: true });
    const stamp = `${meta.date.replaceAll(':', '-').replace(/\.\d+Z$/, 'Z')}${partial ? '-partial' : ''}`;
    fs.writeFileSync(path.join(runsDir, `${stamp}.json`), `${JSON.stringify(json, null, 2)}\n`);
    fs.writeFileSync(path.join(runsDir, `${stamp}.md`), md);
    console.log(`\n${md}`);
  } finally {
    await Promise.all([server.stop(), ...servers.map((started) => started.stop())]);
    for (const app of apps) app.remove();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
