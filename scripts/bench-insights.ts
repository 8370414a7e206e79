// npm run bench:insights — a year of a busy artist's traffic in the Insights' daily totals
// (issue 25): 1,000,000 views over 365 days on 5,000 paintings (popularity by Zipf's law), with
// referrers, devices, enquiries, shares and vital samples, written through recordInsights in
// daily batches as the telemetry buffer writes them; then readInsights for 30, 90 and 365 days
// (median of 5) and the table's size on disk, on PGlite and on a PostgreSQL 17 server.
// Writes bench-results/insights.json and bench-results/insights.md.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openPglite, openPostgres, type Database } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { startPostgresServer } from '@/lib/db/server/start-postgres';
import { postgresRunner } from '@/lib/db/sql-runner';
import { dayOf } from '@/lib/insights/counting';
import { readInsights, recordInsights, type Device, type InsightEvent } from '@/lib/insights/store';
import { COUNTED_VITALS } from '@/lib/insights/from-telemetry';
import postgres from 'postgres';

const VIEWS = Number(process.env.BENCH_VIEWS ?? 1_000_000);
const PAINTINGS = 5_000;
const DAYS = 365;
const PAGES = ['/', '/gallery', '/gallery/[collection]', '/shop', '/blog', '/blog/[slug]', '/about', '/about/ai-profile', '/contact', '/search', '/privacy', '/terms'];
const REFERRERS = ['google.com', 'instagram.com', 'l.instagram.com', 'pinterest.co.uk', 'facebook.com', 'bing.com', 'duckduckgo.com', ...Array.from({ length: 40 }, (_, i) => `blog-${i}.example`)];
const DEVICES: Device[] = ['phone', 'phone', 'phone', 'tablet', 'desktop', 'desktop'];

/** A small deterministic generator: the same year on every run. */
function random(seed = 42) {
  let state = seed;
  return () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

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

function yearOfEvents(today: number): InsightEvent[][] {
  const next = random();
  const painting = zipf(PAINTINGS, next);
  const ids = Array.from({ length: PAINTINGS }, () => crypto.randomUUID());
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
  await db.runner.exec('analyze app_private.insights_daily');
  const [size] = await db.runner.query<{ rows: string; bytes: string }>(
    `select (select count(*) from app_private.insights_daily)::text as rows, pg_total_relation_size('app_private.insights_daily')::text as bytes`,
  );
  const reads: Record<string, number> = {};
  for (const range of [30, 90, 365]) {
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
  const result = { label, rows: Number(size!.rows), megabytes: Math.round((Number(size!.bytes) / 1024 / 1024) * 10) / 10, writeSeconds: Math.round(writeS), readMs: reads };
  console.log(JSON.stringify(result));
  return result;
}

async function main() {
  const today = Date.now();
  console.log(`Generating ${VIEWS.toLocaleString('en-GB')} views over ${DAYS} days on ${PAINTINGS.toLocaleString('en-GB')} paintings ...`);
  const days = yearOfEvents(today);
  const results = [];

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-insights-'));
  const pglite = await openPglite({ dataDir: dir });
  try {
    results.push(await measure(pglite, 'PGlite', days, today));
  } finally {
    await pglite.close();
    fs.rmSync(dir, { recursive: true, force: true });
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

  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync('bench-results/insights.json', `${JSON.stringify({ at: new Date().toISOString(), views: VIEWS, paintings: PAINTINGS, days: DAYS, results }, null, 2)}\n`);
  const lines = [
    `# Insights: a year of ${VIEWS.toLocaleString('en-GB')} views on ${PAINTINGS.toLocaleString('en-GB')} paintings`,
    '',
    '| database | rows | table + indexes | write the year | read 30 days | read 90 days | read 365 days |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...results.map((r) => `| ${r.label} | ${r.rows.toLocaleString('en-GB')} | ${r.megabytes} MB | ${r.writeSeconds} s | ${r.readMs['30 days']} ms | ${r.readMs['90 days']} ms | ${r.readMs['365 days']} ms |`),
  ];
  fs.writeFileSync('bench-results/insights.md', `${lines.join('\n')}\n`);
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
