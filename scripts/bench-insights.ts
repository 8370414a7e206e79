// npm run bench:insights — a year of a busy artist's traffic in the Insights' daily totals
// (issue 25): 1,000,000 views over 365 days on 5,000 paintings (popularity by Zipf's law), with
// referrers, devices, enquiries, shares and vital samples, written through recordInsights in
// daily batches as the telemetry buffer writes them; then readInsights for 30, 90 and 365 days
// (median of 5) and the table's size on disk, on PGlite and on a PostgreSQL 17 server; then the
// whole page: a production build (.next-bench-insights; `--no-build` reuses it, `--dist DIR`
// starts another build of this tree) on the PGlite year with the 5,000 paintings as artworks,
// signed in as an admin, GET /admin/insights?days=30|90|365 to the last byte of the HTML (median
// and slowest of 5, after the server's first request): the page's server time.
// Writes bench-results/insights.json and bench-results/insights.md.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { SESSION_COOKIE } from '@/lib/auth/local/cookie';
import { createSession } from '@/lib/auth/local/sessions';
import { upsertLocalUser } from '@/lib/auth/users';
import { openPglite, openPostgres, type Database } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { asSystem } from '@/lib/db/roles';
import { artworks } from '@/lib/db/schema';
import { startPostgresServer } from '@/lib/db/server/start-postgres';
import { postgresRunner } from '@/lib/db/sql-runner';
import { dayOf } from '@/lib/insights/range';
import { readInsights, recordInsights, type Device, type InsightEvent } from '@/lib/insights/store';
import { COUNTED_VITALS } from '@/lib/insights/from-telemetry';
import { seedDatabase } from '@/lib/seed/seed';
import postgres from 'postgres';
import { growCatalogue } from './bench-catalogue';
import { buildNext, startNext } from './next-process';
import { mulberry32 } from './random';

const { values: flags } = parseArgs({
  options: { 'no-build': { type: 'boolean', default: false }, dist: { type: 'string' } },
});

const VIEWS = Number(process.env.BENCH_VIEWS ?? 1_000_000);
const PAINTINGS = 5_000;
const DAYS = 365;
const PAGES = ['/', '/gallery', '/gallery/[collection]', '/shop', '/blog', '/blog/[slug]', '/about', '/about/ai-profile', '/contact', '/search', '/privacy', '/terms'];
const REFERRERS = ['google.com', 'instagram.com', 'l.instagram.com', 'pinterest.co.uk', 'facebook.com', 'bing.com', 'duckduckgo.com', ...Array.from({ length: 40 }, (_, i) => `blog-${i}.example`)];
const DEVICES: Device[] = ['phone', 'phone', 'phone', 'tablet', 'desktop', 'desktop'];

/** Zipf's law over n items: the i-th most popular is chosen in proportion to 1/(i+1). */
function zipf(n: number, next: () => number) {
  const weights = Array.from({ length: n }, (_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  let sum = 0;
  for (const weight of weights) cumulative.push((sum += weight / total));
  return () => {
    const x = next();
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! < x) low = mid + 1;
      else high = mid;
    }
    return low;
  };
}

/** The year's events, counted on the artworks `ids` (the paintings). */
function yearOfEvents(today: number, ids: readonly string[]): InsightEvent[][] {
  const next = mulberry32(42);
  const painting = zipf(ids.length, next);
  const perDay = Math.round(VIEWS / DAYS);
  const days: InsightEvent[][] = [];
  for (let d = DAYS - 1; d >= 0; d--) {
    const day = dayOf(today - d * 86_400_000);
    const events: InsightEvent[] = [];
    for (let v = 0; v < perDay; v++) {
      // Half the views are of paintings; the rest of the site's other pages.
      const artwork = next() < 0.5 ? ids[painting()]! : null;
      const pagePath = artwork ? '/gallery/[collection]/[slug]' : PAGES[Math.floor(next() * PAGES.length)]!;
      const referrer = next() < 0.3 ? REFERRERS[Math.floor(next() * REFERRERS.length)]! : null;
      events.push({ kind: 'view', day, path: pagePath, device: DEVICES[Math.floor(next() * DEVICES.length)]!, referrer, artworkId: artwork });
      if (artwork && next() < 0.02) events.push({ kind: 'enquiry', day, artworkId: artwork });
      if (artwork && next() < 0.01) events.push({ kind: 'share', day, artworkId: artwork });
      // About two in three views report vitals (the rest leave before the module loads).
      if (next() < 0.66) for (const vital of COUNTED_VITALS) events.push({ kind: 'vital', day, path: pagePath, vital, value: vital === 'CLS' ? next() * 0.2 : 200 + next() * 3000 });
    }
    days.push(events);
  }
  return days;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure(db: Database, label: string, days: InsightEvent[][], today: number) {
  const started = performance.now();
  for (const events of days) await recordInsights(db, events);
  const writeS = (performance.now() - started) / 1000;
  const daily = ['app_private.insights_daily', 'app_private.insights_artworks_daily'];
  const monthly = ['app_private.insights_monthly', 'app_private.insights_artworks_monthly'];
  const count = (tables: string[]) => tables.map((table) => `(select count(*) from ${table})`).join(' + ');
  await db.runner.exec([...daily, ...monthly].map((table) => `analyze ${table};`).join(' '));
  const [size] = await db.runner.query<{ rows: string; monthly: string; bytes: string }>(
    `select (${count(daily)})::text as rows, (${count(monthly)})::text as monthly,
      (${[...daily, ...monthly].map((table) => `pg_total_relation_size('${table}')`).join(' + ')})::text as bytes`,
  );
  const reads: Record<string, number> = {};
  for (const range of RANGES) {
    const span = { from: dayOf(today - (range - 1) * 86_400_000), to: dayOf(today) };
    await readInsights(db, span);
    const samples: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      await readInsights(db, span);
      samples.push(performance.now() - start);
    }
    reads[`${range} days`] = Math.round(median(samples));
  }
  const result = { label, rows: Number(size!.rows), monthlyRows: Number(size!.monthly), megabytes: Math.round((Number(size!.bytes) / 1024 / 1024) * 10) / 10, writeSeconds: Math.round(writeS), readMs: reads };
  console.log(JSON.stringify(result));
  return result;
}

const RANGES = [30, 90, 365] as const;
const distDir = flags.dist ?? '.next-bench-insights';
const dataDir = '.data-bench-insights';

/** The page's server time: GET /admin/insights for each range to the HTML's last byte, 5 times each. */
async function measurePage(token: string) {
  if (!flags.dist && (!flags['no-build'] || !fs.existsSync(path.join(distDir, 'BUILD_ID')))) buildNext(distDir, { quiet: true });
  const server = await startNext({ distDir, dataDir, env: { LOG_LEVEL: 'warn' } });
  try {
    const html = async (range: number) => {
      const start = performance.now();
      const response = await fetch(`${server.url}/admin/insights?days=${range}`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
      const body = await response.text();
      if (response.status !== 200 || !body.includes('Paintings by views') || body.includes('could not be read')) {
        throw new Error(`/admin/insights?days=${range} answered ${response.status} without its charts`);
      }
      return { ms: performance.now() - start, bytes: Buffer.byteLength(body) };
    };
    // The server's first request opens the database and loads the page's code, whatever the
    // range: reported apart. Nothing is cached between requests; each reads the totals again.
    const first = await html(RANGES.at(-1)!);
    const page: Record<string, { medianMs: number; maxMs: number; htmlKB: number }> = {};
    for (const range of RANGES) {
      const runs = [];
      for (let i = 0; i < 5; i++) runs.push(await html(range));
      const ms = runs.map((run) => run.ms);
      page[`${range} days`] = { medianMs: Math.round(median(ms)), maxMs: Math.round(Math.max(...ms)), htmlKB: Math.round(runs[0]!.bytes / 1024) };
    }
    console.log(JSON.stringify({ firstRequestMs: Math.round(first.ms), page }));
    return { firstRequestMs: Math.round(first.ms), page };
  } finally {
    await server.stop();
  }
}

async function main() {
  const today = Date.now();
  const results = [];

  // PGlite in the DATA_DIR the page is then served from: the site seeded and grown to 5,000
  // paintings, whose ids the year's events count.
  fs.rmSync(dataDir, { recursive: true, force: true });
  const pglite = await openPglite({ dataDir });
  let days: InsightEvent[][];
  let token: string;
  try {
    await seedDatabase(pglite, { files: false });
    await growCatalogue(pglite, PAINTINGS);
    const ids = await asSystem(pglite, 'benchmark', async (sys) => (await sys.select({ id: artworks.id }).from(artworks).orderBy(sql`${artworks.createdAt} desc`)).map((row) => row.id));
    console.log(`Generating ${VIEWS.toLocaleString('en-GB')} views over ${DAYS} days on ${ids.length.toLocaleString('en-GB')} paintings ...`);
    days = yearOfEvents(today, ids);
    results.push(await measure(pglite, 'PGlite', days, today));
    const user = await upsertLocalUser(pglite, { email: 'bench@example.com', password: 'bench password 123', admin: true });
    token = (await createSession(pglite, user.id)).token;
  } finally {
    await pglite.close();
  }

  const server = await startPostgresServer();
  try {
    const url = `${server.url}/postgres`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await migrate(postgresRunner(admin));
    await admin.end();
    const db = await openPostgres(url, { max: 4 });
    try {
      results.push(await measure(db, 'PostgreSQL 17', days, today));
    } finally {
      await db.close();
    }
  } finally {
    await server.stop();
  }

  const page = await measurePage(token);
  fs.rmSync(dataDir, { recursive: true, force: true });

  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync('bench-results/insights.json', `${JSON.stringify({ at: new Date().toISOString(), views: VIEWS, paintings: PAINTINGS, days: DAYS, results, page }, null, 2)}\n`);
  const lines = [
    `# Insights: a year of ${VIEWS.toLocaleString('en-GB')} views on ${PAINTINGS.toLocaleString('en-GB')} paintings`,
    '',
    '| database | daily rows | monthly rows | tables + indexes | write the year | read 30 days | read 90 days | read 365 days |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map((r) => `| ${r.label} | ${r.rows.toLocaleString('en-GB')} | ${r.monthlyRows.toLocaleString('en-GB')} | ${r.megabytes} MB | ${r.writeSeconds} s | ${r.readMs['30 days']} ms | ${r.readMs['90 days']} ms | ${r.readMs['365 days']} ms |`),
    '',
    `The whole page (production build, PGlite, signed in; time to the HTML's last byte; the server's first request, 365 days: ${page.firstRequestMs} ms):`,
    '',
    '| range | median of 5 | slowest | HTML |',
    '| --- | --- | --- | --- |',
    ...Object.entries(page.page).map(([range, r]) => `| ${range} | ${r.medianMs} ms | ${r.maxMs} ms | ${r.htmlKB} KB |`),
  ];
  fs.writeFileSync('bench-results/insights.md', `${lines.join('\n')}\n`);
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
