/**
 * `npm run bench:telemetry-flood [-- --no-build | --dist .next-other] [-- --rate 1000 --duration 10 --connections 10 --rounds 3] [-- --views]`
 *
 * Does a flood of browser telemetry hurt the public site? Against a production build
 * (.next-telemetry-flood) on a fresh DATA_DIR (.data-telemetry-flood), with TRUSTED_PROXY_HOPS=1
 * so the flood can come from 250 different client addresses (the worst case for the per-address
 * limit: only the global cap holds it) and LOGS_APP_MAX_ROWS=500 so retention has work to do:
 * 1. public pages (/, /gallery, an artwork, /about) with `--connections` keep-alive clients for
 *    `--duration` s: req/s before;
 * 2. the same again while another autocannon posts `--rate` telemetry events a second (one
 *    event a request, from rotating addresses): req/s during, and the flood's 202/429/other
 *    counts; quiet and flooded runs alternate in `--rounds` rounds of A B B A (means reported,
 *    every run kept);
 * 3. the server stopped, logs_app counted in its DATA_DIR.
 * `--views`: the flood is page views for the Insights (a browser's user agent, one view a request)
 * instead of errors; the Insights' rows and counted views are reported too.
 * Results: bench-results/telemetry-flood.{md,json}.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { artworkPath } from '@/lib/categories';
import { openPglite } from '@/lib/db/pglite-adapter';
import { asSystem } from '@/lib/db/roles';
import { insightsDaily, logsApp } from '@/lib/db/schema';
import { seedArtworks } from '@/lib/seed/artworks-data';
import { buildNext, freePort, startNext } from './next-process';

const { values: flags } = parseArgs({
  options: {
    rate: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    // Quiet and flooded runs alternate in rounds of A B B A, so drift (thermal, background work)
    // falls on both alike; one 10 s pair varied by ±30% here.
    rounds: { type: 'string', default: '3' },
    'max-rows': { type: 'string', default: '500' },
    'no-build': { type: 'boolean', default: false },
    // Another production build of this tree to start instead (e.g. .next-e2e-3420): no build.
    dist: { type: 'string' },
    // Control: flood a bare Node server answering 429 instead of the app, to see what the
    // load generator itself (on the same cores) costs the public pages.
    control: { type: 'boolean', default: false },
    views: { type: 'boolean', default: false },
  },
});
const RATE = Number(flags.rate);
const DURATION = Number(flags.duration);
const CONNECTIONS = Number(flags.connections);
const MAX_ROWS = Number(flags['max-rows']);
const ROUNDS = Number(flags.rounds);
const distDir = flags.dist ?? '.next-telemetry-flood';
const dataDir = '.data-telemetry-flood';
const publicPaths = ['/', '/gallery', artworkPath(seedArtworks[0]!), '/about'];
// A person's browser, so a view in the flood is one the Insights count.
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

type Result = autocannon.Result;

function run(options: autocannon.Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

function pages(url: string): Promise<Result> {
  return run({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: publicPaths.map((p) => ({ method: 'GET', path: p })),
  });
}

function flood(url: string): Promise<Result> {
  let n = 0;
  const today = new Date().toISOString().slice(0, 10);
  const event = (i: number) =>
    flags.views
      ? JSON.stringify({
          pageLoadId: `flood-${process.pid}-${i % 997}`,
          level: 'info',
          type: 'insight',
          feature: 'view',
          message: publicPaths[i % publicPaths.length],
          meta: { w: 390 + (i % 1000), r: 'https://www.google.com/', d: today },
        })
      : JSON.stringify({
          pageLoadId: `flood-${process.pid}-${i % 997}`,
          level: 'error',
          type: 'frontend',
          feature: 'global',
          message: `flood event ${i}`,
          url: '/gallery',
          meta: { line: 1, column: i % 80 },
        });
  return run({
    url,
    connections: 50,
    duration: DURATION,
    overallRate: RATE,
    requests: [
      {
        method: 'POST',
        path: '/api/telemetry',
        setupRequest: (request) => {
          n += 1;
          return {
            ...request,
            headers: {
              ...request.headers,
              'content-type': 'text/plain;charset=UTF-8',
              'user-agent': BROWSER,
              'x-forwarded-for': `198.51.100.${(n % 250) + 1}`,
            },
            body: event(n),
          };
        },
      },
    ],
  });
}

const statuses = (result: Result) =>
  Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, (stat as { count: number }).count]),
  );

async function main() {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (!flags.dist && (!flags['no-build'] || !fs.existsSync(path.join(distDir, 'BUILD_ID'))))
    buildNext(distDir, { quiet: true });
  const server = await startNext({
    distDir,
    dataDir,
    env: { TRUSTED_PROXY_HOPS: '1', LOGS_APP_MAX_ROWS: String(MAX_ROWS), LOG_LEVEL: 'warn' },
  });
  const beforeRuns: Result[] = [];
  const duringRuns: Result[] = [];
  const floodRuns: Result[] = [];
  try {
    // Warm every page once, then measure.
    for (const p of publicPaths) await (await fetch(`${server.url}${p}`)).arrayBuffer();
    await run({
      url: server.url,
      connections: CONNECTIONS,
      duration: 3,
      requests: publicPaths.map((p) => ({ method: 'GET', path: p })),
    });
    let floodUrl = server.url;
    let stopControl = () => {};
    if (flags.control) {
      const port = await freePort();
      const bare = spawn(
        process.execPath,
        [
          '-e',
          `require('http').createServer((q, s) => { q.resume(); s.writeHead(429, { 'retry-after': '1' }); s.end('{}'); }).listen(${port}, '127.0.0.1')`,
        ],
        { stdio: 'ignore' },
      );
      stopControl = () => bare.kill();
      await new Promise((resolve) => setTimeout(resolve, 500));
      floodUrl = `http://127.0.0.1:${port}`;
    }
    const flooded = async () => {
      const [pagesResult, floodResult] = await Promise.all([pages(server.url), flood(floodUrl)]);
      duringRuns.push(pagesResult);
      floodRuns.push(floodResult);
      // Let the flood's last batch and pruning finish before the next quiet run.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
    };
    for (let round = 0; round < ROUNDS; round++) {
      beforeRuns.push(await pages(server.url));
      await flooded();
      await flooded();
      beforeRuns.push(await pages(server.url));
    }
    stopControl();
  } finally {
    await server.stop();
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const pageFigures = (runs: Result[]) => ({
    reqPerSec: Math.round(mean(runs.map((r) => r.requests.average))),
    p50: Math.round(mean(runs.map((r) => r.latency.p50))),
    p99: Math.round(mean(runs.map((r) => r.latency.p99))),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    runs: runs.map((r) => Math.round(r.requests.average)),
  });
  const codes: Record<string, number> = {};
  for (const result of floodRuns)
    for (const [code, count] of Object.entries(statuses(result))) codes[code] = (codes[code] ?? 0) + count;
  const db = await openPglite({ dataDir });
  const rows = await asSystem(db, 'benchmark', (sys) => sys.$count(logsApp));
  const floodRows = await asSystem(
    db,
    'benchmark',
    async (sys) =>
      (await sys.select({ message: logsApp.message }).from(logsApp)).filter((r) => r.message.startsWith('flood event'))
        .length,
  );
  const insightRows = await asSystem(db, 'benchmark', (sys) => sys.$count(insightsDaily));
  const [viewsCounted] = await asSystem(db, 'benchmark', (sys) =>
    sys
      .select({ n: sql<number>`coalesce(sum(${insightsDaily.count}), 0)::int` })
      .from(insightsDaily)
      .where(eq(insightsDaily.kind, 'view')),
  );
  await db.close();

  const before = pageFigures(beforeRuns);
  const during = pageFigures(duringRuns);
  const floodSeconds = floodRuns.length * DURATION;
  const summary = {
    when: new Date().toISOString(),
    control: flags.control,
    rate: RATE,
    durationS: DURATION,
    rounds: ROUNDS,
    pageConnections: CONNECTIONS,
    publicPaths,
    before,
    during,
    changePercent: Math.round(((during.reqPerSec - before.reqPerSec) / before.reqPerSec) * 1000) / 10,
    flood: {
      sent: floodRuns.reduce((sum, r) => sum + r.requests.sent, 0),
      perSec: Math.round(floodRuns.reduce((sum, r) => sum + r.requests.sent, 0) / floodSeconds),
      accepted202: codes['202'] ?? 0,
      refused429: codes['429'] ?? 0,
      statusCodes: codes,
      errors: floodRuns.reduce((sum, r) => sum + r.errors, 0),
      timeouts: floodRuns.reduce((sum, r) => sum + r.timeouts, 0),
    },
    logsApp: { rowsAfter: rows, floodRowsAfter: floodRows, maxRows: MAX_ROWS },
    insights: { rows: insightRows, viewsCounted: viewsCounted?.n ?? 0 },
  };
  const md = [
    '# Telemetry flood (npm run bench:telemetry-flood)',
    '',
    `${summary.when}.${flags.control ? ' CONTROL: the flood goes to a bare Node server, not the app.' : ''} ${RATE} ${flags.views ? 'page views (Insights)' : 'error events'}/s to /api/telemetry from 250 addresses (TRUSTED_PROXY_HOPS=1), while ${CONNECTIONS} clients request ${publicPaths.join(', ')} in turn. ${ROUNDS} rounds of A B B A, ${DURATION} s a run (A quiet, B flooded); figures are means.`,
    '',
    `| | public req/s | p50 ms | p99 ms | non-2xx |`,
    `|---|---|---|---|---|`,
    `| quiet | ${before.reqPerSec} | ${before.p50} | ${before.p99} | ${before.non2xx} |`,
    `| during the flood | ${during.reqPerSec} | ${during.p50} | ${during.p99} | ${during.non2xx} |`,
    '',
    `Every run (req/s): quiet ${before.runs.join(', ')}; flooded ${during.runs.join(', ')}.`,
    '',
    `Change: ${summary.changePercent} %. Flood: ${summary.flood.sent} sent (${summary.flood.perSec}/s), ${summary.flood.accepted202} accepted (202), ${summary.flood.refused429} refused (429), all codes ${JSON.stringify(codes)}, ${summary.flood.errors} errors, ${summary.flood.timeouts} timeouts.`,
    `logs_app after the last flood: ${rows} rows (${floodRows} from the flood), LOGS_APP_MAX_ROWS=${MAX_ROWS}. Insights: ${insightRows} rows, ${summary.insights.viewsCounted} views counted.`,
    '',
  ].join('\n');
  fs.mkdirSync('bench-results', { recursive: true });
  const name = flags.control ? 'telemetry-flood-control' : flags.views ? 'telemetry-flood-views' : 'telemetry-flood';
  fs.writeFileSync(`bench-results/${name}.json`, `${JSON.stringify(summary, null, 2)}\n`);
  fs.writeFileSync(`bench-results/${name}.md`, md);
  console.log(md);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
