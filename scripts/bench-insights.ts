// npm run bench:insights — a year of a busy artist's traffic in the Insights' daily totals
// (docs/product.md, Insights): 1,000,000 views over 365 days on 5,000 paintings (popularity by
// Zipf's law), with referrers, devices, enquiries, shares and vital samples, written through
// recordInsights in daily batches as the telemetry buffer writes them; then readInsights for 30,
// 90 and 365 days (median of 5) and the tables' size on disk. Then the same year flooded with
// made-up referrers (docs/operations.md, Insights): every day BENCH_FLOOD_HOSTS views (default
// 3,000), each from a host never seen before, in batches of 100 (the telemetry buffer's two
// seconds at the global limit of 50 events a second), and the same reads again. Both on PGlite
// and on a PostgreSQL 17 server, each seeded with the site and grown to 5,000 paintings. Then
// the pages on the flooded year, from a production build served from each database, signed in
// as an admin: GET /admin, /admin/insights?days=30|90|365 and the 365 days' referrers and
// paintings CSV files to the body's last byte (median and slowest of 5, after the server's
// first request), each page's server time. The build: .next-bench-insights (`--no-build` reuses
// it), or `--dist DIR`, a build made already.
// Writes bench-results/insights.json and bench-results/insights.md.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { SESSION_COOKIE } from '@/lib/auth/local/cookie';
import { createSession } from '@/lib/auth/local/sessions';
import { upsertLocalUser } from '@/lib/users/users';
import { openPglite } from '@/lib/db/pglite-adapter';
import { openPostgres } from '@/lib/db/postgres-adapter';
import type { Database } from '@/lib/db/port';
import { migrate } from '@/lib/db/migrate';
import { asSystem } from '@/lib/db/roles';
import { artworks } from '@/lib/db/schema';
import { startPostgresServer } from '@/lib/db/server/start-postgres';
import { postgresRunner } from '@/lib/db/sql-runner';
import { dayOf } from '@/lib/insights/range';
import { OTHER_REFERRERS, readInsights, recordInsights, type Device, type InsightEvent } from '@/lib/insights/store';
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
const PAGES = [
  '/',
  '/gallery',
  '/gallery/[collection]',
  '/shop',
  '/blog',
  '/blog/[slug]',
  '/about',
  '/about/ai-profile',
  '/contact',
  '/search',
  '/privacy',
  '/terms',
];
const REFERRERS = [
  'google.com',
  'instagram.com',
  'l.instagram.com',
  'pinterest.co.uk',
  'facebook.com',
  'bing.com',
  'duckduckgo.com',
  ...Array.from({ length: 40 }, (_, i) => `blog-${i}.example`),
];
const DEVICES: Device[] = ['phone', 'phone', 'phone', 'tablet', 'desktop', 'desktop'];
const FLOOD_HOSTS = Number(process.env.BENCH_FLOOD_HOSTS ?? 3_000);
const FLOOD_BATCH = 100;

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
      events.push({
        kind: 'view',
        day,
        path: pagePath,
        device: DEVICES[Math.floor(next() * DEVICES.length)]!,
        referrer,
        artworkId: artwork,
      });
      if (artwork && next() < 0.02) events.push({ kind: 'enquiry', day, artworkId: artwork });
      if (artwork && next() < 0.01) events.push({ kind: 'share', day, artworkId: artwork });
      // About two in three views report vitals (the rest leave before the module loads).
      if (next() < 0.66)
        for (const vital of COUNTED_VITALS)
          events.push({
            kind: 'vital',
            day,
            path: pagePath,
            vital,
            value: vital === 'CLS' ? next() * 0.2 : 200 + next() * 3000,
          });
    }
    days.push(events);
  }
  return days;
}

/** The flood: each day's FLOOD_HOSTS views of the home page, each from a new host, batch by batch. */
function* floodBatches(today: number): Generator<InsightEvent[]> {
  for (let d = DAYS - 1; d >= 0; d--) {
    const day = dayOf(today - d * 86_400_000);
    for (let first = 0; first < FLOOD_HOSTS; first += FLOOD_BATCH) {
      const size = Math.min(FLOOD_BATCH, FLOOD_HOSTS - first);
      yield Array.from({ length: size }, (_, i): InsightEvent => ({
        kind: 'view',
        day,
        path: '/',
        device: 'desktop',
        referrer: `flood-${d}-${first + i}.example`,
        artworkId: null,
      }));
    }
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

type TableFigures = {
  label: string;
  rows: number;
  monthlyRows: number;
  referrerRows: number;
  megabytes: number;
  writeSeconds: number;
  readMs: Record<string, number>;
};

/** The tables' rows and size, and readInsights for each range (median of 5, after one read). */
async function tablesAndReads(db: Database, label: string, today: number, writeSeconds: number): Promise<TableFigures> {
  const daily = ['app_private.insights_daily', 'app_private.insights_artworks_daily'];
  const monthly = ['app_private.insights_monthly', 'app_private.insights_artworks_monthly'];
  const count = (tables: string[]) => tables.map((table) => `(select count(*) from ${table})`).join(' + ');
  await db.runner.exec([...daily, ...monthly].map((table) => `analyze ${table};`).join(' '));
  const [size] = await db.runner.query<{ rows: string; monthly: string; referrers: string; bytes: string }>(
    `select (${count(daily)})::text as rows, (${count(monthly)})::text as monthly,
      (select count(*) from app_private.insights_daily where kind = 'referrer')::text as referrers,
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
  const result = {
    label,
    rows: Number(size!.rows),
    monthlyRows: Number(size!.monthly),
    referrerRows: Number(size!.referrers),
    megabytes: Math.round((Number(size!.bytes) / 1024 / 1024) * 10) / 10,
    writeSeconds: Math.round(writeSeconds),
    readMs: reads,
  };
  console.log(JSON.stringify(result));
  return result;
}

/**
 * One database through the benchmark: the site seeded and grown to 5,000 paintings, whose ids
 * the year's events count; the year, then the flood, each measured; an admin to sign in as.
 */
async function yearThenFlood(
  db: Database,
  label: string,
  today: number,
): Promise<{ figures: TableFigures[]; token: string }> {
  await seedDatabase(db, { files: false });
  await growCatalogue(db, PAINTINGS);
  const ids = await asSystem(db, 'benchmark', async (sys) =>
    (
      await sys
        .select({ id: artworks.id })
        .from(artworks)
        .orderBy(sql`${artworks.createdAt} desc`)
    ).map((row) => row.id),
  );
  console.log(
    `${label}: ${VIEWS.toLocaleString('en-GB')} views over ${DAYS} days on ${ids.length.toLocaleString('en-GB')} paintings ...`,
  );
  let started = performance.now();
  for (const events of yearOfEvents(today, ids)) await recordInsights(db, events);
  const year = await tablesAndReads(db, label, today, (performance.now() - started) / 1000);
  console.log(`${label}: ${FLOOD_HOSTS.toLocaleString('en-GB')} new referrer hosts a day for ${DAYS} days ...`);
  started = performance.now();
  for (const batch of floodBatches(today)) await recordInsights(db, batch);
  const flooded = await tablesAndReads(db, `${label}, flooded`, today, (performance.now() - started) / 1000);
  const user = await upsertLocalUser(db, { email: 'bench@example.com', password: 'bench password 123', admin: true });
  return { figures: [year, flooded], token: (await createSession(db, user.id)).token };
}

const RANGES = [30, 90, 365] as const;
const distDir = flags.dist ?? '.next-bench-insights';
const dataDir = '.data-bench-insights';

/** What each page must show: a page that answered without its numbers measures nothing. */
const PAGES_MEASURED: { path: string; shows: string }[] = [
  { path: '/admin', shows: 'Most viewed painting this week' },
  ...RANGES.map((range) => ({ path: `/admin/insights?days=${range}`, shows: 'Paintings by views' })),
  { path: '/admin/insights/csv?days=365&section=referrers', shows: `"${OTHER_REFERRERS}"` },
  { path: '/admin/insights/csv?days=365&section=artworks', shows: '"Study 1"' },
];

type PageFigures = { medianMs: number; maxMs: number; kB: number };

/** Each page's server time on a server reading `database`: to the body's last byte, 5 times each. */
async function measurePages(label: string, database: { dataDir: string; databaseUrl?: string }, token: string) {
  // A server on DATABASE_URL needs the key every server shares (any will do here).
  const env = {
    LOG_LEVEL: 'warn',
    ...(database.databaseUrl ? { AUTH_SECRET: 'bench-insights-server-key-0123456789abcdef' } : {}),
  };
  const server = await startNext({ distDir, ...database, env });
  try {
    const get = async (pagePath: string, shows: string) => {
      const start = performance.now();
      const response = await fetch(`${server.url}${pagePath}`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
      const body = await response.text();
      if (response.status !== 200 || !body.includes(shows) || body.includes('could not be read')) {
        throw new Error(`${label}: ${pagePath} answered ${response.status} without ${shows}`);
      }
      return { ms: performance.now() - start, bytes: Buffer.byteLength(body) };
    };
    // The server's first request opens the database and loads the page's code: reported apart.
    // Nothing is cached between requests; each reads the totals again.
    const first = await get(PAGES_MEASURED[0]!.path, PAGES_MEASURED[0]!.shows);
    const pages: Record<string, PageFigures> = {};
    for (const { path: pagePath, shows } of PAGES_MEASURED) {
      const runs = [];
      for (let i = 0; i < 5; i++) runs.push(await get(pagePath, shows));
      const ms = runs.map((run) => run.ms);
      pages[pagePath] = {
        medianMs: Math.round(median(ms)),
        maxMs: Math.round(Math.max(...ms)),
        kB: Math.round(runs[0]!.bytes / 1024),
      };
    }
    const result = { label, firstRequestMs: Math.round(first.ms), pages };
    console.log(JSON.stringify(result));
    return result;
  } finally {
    await server.stop();
  }
}

async function main() {
  const today = Date.now();
  if (!flags.dist && (!flags['no-build'] || !fs.existsSync(path.join(distDir, 'BUILD_ID'))))
    buildNext(distDir, { quiet: true });
  const tables: TableFigures[] = [];
  const pages: Awaited<ReturnType<typeof measurePages>>[] = [];

  // PGlite in the DATA_DIR the pages are then served from.
  fs.rmSync(dataDir, { recursive: true, force: true });
  const pglite = await openPglite({ dataDir });
  let pgliteToken: string;
  try {
    const run = await yearThenFlood(pglite, 'PGlite', today);
    tables.push(...run.figures);
    pgliteToken = run.token;
  } finally {
    await pglite.close();
  }
  pages.push(await measurePages('PGlite', { dataDir }, pgliteToken));

  const server = await startPostgresServer();
  try {
    const url = `${server.url}/postgres`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await migrate(postgresRunner(admin));
    await admin.end();
    const db = await openPostgres(url, { max: 4 });
    let token: string;
    try {
      const run = await yearThenFlood(db, 'PostgreSQL 17', today);
      tables.push(...run.figures);
      token = run.token;
    } finally {
      await db.close();
    }
    pages.push(await measurePages('PostgreSQL 17', { dataDir, databaseUrl: url }, token));
  } finally {
    await server.stop();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });

  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync(
    'bench-results/insights.json',
    `${JSON.stringify({ at: new Date().toISOString(), views: VIEWS, paintings: PAINTINGS, days: DAYS, floodHostsADay: FLOOD_HOSTS, tables, pages }, null, 2)}\n`,
  );
  const lines = [
    `# Insights: a year of ${VIEWS.toLocaleString('en-GB')} views on ${PAINTINGS.toLocaleString('en-GB')} paintings, then ${FLOOD_HOSTS.toLocaleString('en-GB')} new referrer hosts a day`,
    '',
    '| database | daily rows | referrer rows | monthly rows | tables + indexes | write | read 30 days | read 90 days | read 365 days |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...tables.map(
      (r) =>
        `| ${r.label} | ${r.rows.toLocaleString('en-GB')} | ${r.referrerRows.toLocaleString('en-GB')} | ${r.monthlyRows.toLocaleString('en-GB')} | ${r.megabytes} MB | ${r.writeSeconds} s | ${r.readMs['30 days']} ms | ${r.readMs['90 days']} ms | ${r.readMs['365 days']} ms |`,
    ),
    '',
    "The pages on the flooded year (production build, signed in; time to the body's last byte, median and slowest of 5):",
    '',
    `| page | ${pages.map((p) => `${p.label} (first request ${p.firstRequestMs} ms)`).join(' | ')} | size |`,
    `| --- | ${pages.map(() => '---').join(' | ')} | --- |`,
    ...PAGES_MEASURED.map(
      ({ path: pagePath }) =>
        `| ${pagePath} | ${pages.map((p) => `${p.pages[pagePath]!.medianMs} ms (slowest ${p.pages[pagePath]!.maxMs})`).join(' | ')} | ${pages[0]!.pages[pagePath]!.kB} KB |`,
    ),
  ];
  fs.writeFileSync('bench-results/insights.md', `${lines.join('\n')}\n`);
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
