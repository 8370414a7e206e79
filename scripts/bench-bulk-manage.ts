/**
 * `npm run bench:bulk-manage [-- --no-build] [-- --writes-only | --screen-only]`: the Bulk Manage
 * Artworks figures (docs/benchmarks.md, Bulk Manage).
 *
 * 1. Bulk writes of 1,000 artworks, through the same code as the server actions
 *    (lib/bulk-manage/bulk.ts), as an admin, on PGlite and on a PostgreSQL 17 server, with
 *    every artwork's four image files on local disk: a category change (1,000 redirects
 *    recorded), a price change, and a delete (rows, redirects, then 4,000 files). Median of 3.
 * 2. The screen's first load with 24 and with 5,000 artworks, on a production build
 *    (.next-bench-bulk, unless --no-build) started on a DATA_DIR of its own, signed in as an admin:
 *    the server's answer (time to the whole HTML, cold and warm median) and in Chromium (time
 *    until the table's checkboxes are on screen and hydrated).
 *
 * Results: bench-results/bulk-manage.json and bench-results/bulk-manage.md (a partial run keeps
 * the other part's last figures).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { bulkDeleteArtworks, bulkUpdateArtworks, type BulkDeps } from '@/lib/bulk-manage/bulk';
import { bulkDeleteInputSchema, bulkUpdateInputSchema } from '@/lib/bulk-manage/bulk-schema';
import { createSession } from '@/lib/auth/local/sessions';
import { SESSION_COOKIE } from '@/lib/auth/local/cookie';
import { upsertLocalUser } from '@/lib/users/users';
import { openPglite } from '@/lib/db/pglite-adapter';
import { openPostgres } from '@/lib/db/postgres-adapter';
import type { Database } from '@/lib/db/port';
import { migrate } from '@/lib/db/migrate';
import { asSystem, type Claims } from '@/lib/db/roles';
import { artworks } from '@/lib/db/schema';
import { startPostgresServer } from '@/lib/db/server/start-postgres';
import { postgresRunner } from '@/lib/db/sql-runner';
import { seedDatabase } from '@/lib/seed/seed';
import { createLocalStorage } from '@/lib/storage/local-adapter';
import { growCatalogue } from './bench-catalogue';
import { buildNext, startNext } from './next-process';

const ROWS = 1_000;
const RUNS = 3;
const distDir = '.next-bench-bulk';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (n: number) => Math.round(n);

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const categories = ['Landscapes', 'Seascapes', 'Animals'] as const;

/** `n` artworks titled "Batch {label} {i}", each with its four image files stored on disk. */
async function addBatch(db: Database, storage: ReturnType<typeof createLocalStorage>, label: string, n: number) {
  const bytes = new Uint8Array(2048);
  const values: (typeof artworks.$inferInsert)[] = [];
  for (let i = 1; i <= n; i++) {
    const slug = `batch-${label}-${i}`;
    const base = `landscapes/${slug}/1`;
    values.push({
      title: `Batch ${label} ${i}`,
      slug,
      category: 'Landscapes',
      price: '100',
      imageAlt: 'A watercolour study',
      imageUrl: await storage.putPublic(`${base}-display.webp`, bytes, 'image/webp'),
      imageThumb400Url: await storage.putPublic(`${base}-400.webp`, bytes, 'image/webp'),
      imageThumb800Url: await storage.putPublic(`${base}-800.webp`, bytes, 'image/webp'),
      imageOriginalUrl: await storage.putPrivate(`${base}-original.jpg`, bytes, 'image/jpeg'),
    });
  }
  await asSystem(db, 'benchmark', async (sys) => {
    for (let i = 0; i < values.length; i += 500) await sys.insert(artworks).values(values.slice(i, i + 500));
    await sys.execute(sql`analyze public.artworks`);
  });
}

async function benchWrites(db: Database) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bulk-'));
  try {
    const storage = createLocalStorage(root);
    await seedDatabase(db, { files: false });
    const user = await upsertLocalUser(db, { email: 'bench@example.com', password: 'bench password 123', admin: true });
    const claims: Claims = { sub: user.id, email: 'bench@example.com', role: 'authenticated' };
    let invalidations = 0;
    const deps: BulkDeps = { db, claims, storage, invalidate: () => void invalidations++, log: async () => {} };
    const update = (q: string, change: { category?: string; price?: string }) =>
      bulkUpdateArtworks(
        deps,
        bulkUpdateInputSchema.parse({ selection: { kind: 'matching', q, expected: ROWS }, ...change }),
      );

    await addBatch(db, storage, 'update', ROWS);
    const category: number[] = [];
    const price: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      category.push(await time(() => update('Batch update', { category: categories[(run + 1) % categories.length] })));
      price.push(await time(() => update('Batch update', { price: String(200 + run) })));
    }
    // By ids: the most a selection sends by hand (BULK_MAX_IDS).
    const ids = (
      await asSystem(db, 'benchmark', (sys) =>
        sys
          .select({ id: artworks.id })
          .from(artworks)
          .where(sql`title like 'Batch update %'`),
      )
    ).map((r) => r.id);
    const byIds = await time(() =>
      bulkUpdateArtworks(deps, bulkUpdateInputSchema.parse({ selection: { kind: 'ids', ids }, category: 'Buildings' })),
    );

    const remove: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await addBatch(db, storage, `delete-${run}`, ROWS);
      remove.push(
        await time(() =>
          bulkDeleteArtworks(
            deps,
            bulkDeleteInputSchema.parse({ selection: { kind: 'matching', q: `Batch delete-${run}`, expected: ROWS } }),
          ),
        ),
      );
    }
    const leftFiles = fs
      .readdirSync(path.join(root, 'public'), { recursive: true })
      .filter((f) => String(f).includes('delete-'))
      .filter((f) => String(f).endsWith('.webp')).length;
    if (leftFiles > 0) throw new Error(`bulk delete left ${leftFiles} files`);
    return {
      updateCategoryMs: round(median(category)),
      updatePriceMs: round(median(price)),
      updateCategoryByIdsMs: round(byIds),
      deleteMs: round(median(remove)),
      runs: { category: category.map(round), price: price.map(round), delete: remove.map(round) },
      invalidations,
    };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** Opens the DATA_DIR's database (seeded on first open), sizes the catalogue, and signs an admin in. */
async function prepareDataDir(dataDir: string, total: number): Promise<string> {
  const db = await openPglite({ dataDir });
  try {
    if (db.created) await seedDatabase(db, { files: false });
    const count = await asSystem(
      db,
      'benchmark',
      async (sys) => (await sys.select({ n: sql<number>`count(*)::int` }).from(artworks))[0]!.n,
    );
    if (count > total)
      await db.runner.exec(
        `delete from public.artworks where id in (select id from public.artworks order by created_at limit ${count - total})`,
      );
    else await growCatalogue(db, total);
    const user = await upsertLocalUser(db, { email: 'bench@example.com', password: 'bench password 123', admin: true });
    return (await createSession(db, user.id)).token;
  } finally {
    await db.close();
  }
}

async function benchScreen(total: number, dataDir: string) {
  const token = await prepareDataDir(dataDir, total);
  const server = await startNext({ distDir, dataDir });
  const url = `${server.url}/admin/artworks/bulk-manage`;
  const headers = { cookie: `${SESSION_COOKIE}=${token}` };
  try {
    const html = async () => {
      const start = performance.now();
      const response = await fetch(url, { headers });
      const body = await response.text();
      if (response.status !== 200 || !body.includes('Select all'))
        throw new Error(`bulk manage answered ${response.status} without its table`);
      return { ms: performance.now() - start, bytes: Buffer.byteLength(body) };
    };
    const cold = await html();
    const warm: number[] = [];
    for (let i = 0; i < 10; i++) warm.push((await html()).ms);

    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--disable-gpu', '--disable-dev-shm-usage'],
    });
    const inBrowser: number[] = [];
    try {
      const context = await browser.newContext({ baseURL: server.url });
      await context.addCookies([{ name: SESSION_COOKIE, value: token, url: server.url }]);
      for (let i = 0; i < 6; i++) {
        const page = await context.newPage();
        const start = performance.now();
        await page.goto(url);
        const first = page.getByRole('checkbox', { name: /^Select all \d+ on this page$/ });
        await first.waitFor();
        // Hydrated: ticking a row updates the count.
        await page
          .getByRole('checkbox', { name: /^Select (?!all)/ })
          .first()
          .check();
        await page.getByText('1 selected').waitFor();
        if (i > 0) inBrowser.push(performance.now() - start);
        await page.close();
      }
    } finally {
      await browser.close();
    }
    return {
      htmlColdMs: round(cold.ms),
      htmlWarmMs: round(median(warm)),
      htmlBytes: cold.bytes,
      browserUsableMs: round(median(inBrowser)),
    };
  } finally {
    await server.stop();
  }
}

const args = new Set(process.argv.slice(2));

async function main() {
  const out = path.join(process.cwd(), 'bench-results');
  const previous = fs.existsSync(path.join(out, 'bulk-manage.json'))
    ? (JSON.parse(fs.readFileSync(path.join(out, 'bulk-manage.json'), 'utf8')) as Record<string, unknown>)
    : {};
  const results: Record<string, unknown> = {
    ...previous,
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadavg: os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' / '),
  };
  if (!args.has('--screen-only')) await benchAllWrites(results);
  if (!args.has('--writes-only')) await benchBothScreens(results);
  report(results, out);
}

async function benchAllWrites(results: Record<string, unknown>) {
  const pglite = await openPglite();
  try {
    results.writesPglite = await benchWrites(pglite);
  } finally {
    await pglite.close();
  }
  console.log('PGlite', results.writesPglite);

  const server = await startPostgresServer();
  try {
    const url = `${server.url}/postgres`;
    const admin = postgres(url, { onnotice: () => {}, max: 1 });
    await migrate(postgresRunner(admin));
    await admin.end();
    const pg = await openPostgres(url, { max: 4 });
    try {
      results.writesPostgres = await benchWrites(pg);
    } finally {
      await pg.close();
    }
  } finally {
    await server.stop();
  }
  console.log('Postgres', results.writesPostgres);
}

async function benchBothScreens(results: Record<string, unknown>) {
  if (!args.has('--no-build')) buildNext(distDir);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bulk-data-'));
  try {
    results.screenAt24 = await benchScreen(24, dataDir);
    console.log('screen at 24', results.screenAt24);
    results.screenAt5000 = await benchScreen(5_000, dataDir);
    console.log('screen at 5,000', results.screenAt5000);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(results: Record<string, unknown>, out: string) {
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'bulk-manage.json'), `${JSON.stringify(results, null, 2)}\n`);
  type Writes = { updateCategoryMs: number; updatePriceMs: number; updateCategoryByIdsMs: number; deleteMs: number };
  type Screen = { htmlColdMs: number; htmlWarmMs: number; htmlBytes: number; browserUsableMs: number };
  const w = (r: unknown) => r as Writes;
  const s = (r: unknown) => r as Screen;
  const [p, g, s24, s5k] = [
    w(results.writesPglite),
    w(results.writesPostgres),
    s(results.screenAt24),
    s(results.screenAt5000),
  ];
  const md = [
    `# Bulk Manage benchmark (${results.date as string}, Node ${process.version}, ${results.cpus as number} cores, load ${results.loadavg as string})`,
    '',
    `Bulk writes of ${ROWS.toLocaleString('en-GB')} artworks as an admin (lib/bulk-manage/bulk.ts), median ms of ${RUNS}:`,
    '',
    '| write | PGlite | PostgreSQL 17 |',
    '| --- | --- | --- |',
    `| category change, all matching (1,000 redirects recorded) | ${p.updateCategoryMs} | ${g.updateCategoryMs} |`,
    `| category change, 1,000 ids | ${p.updateCategoryByIdsMs} | ${g.updateCategoryByIdsMs} |`,
    `| price change, all matching | ${p.updatePriceMs} | ${g.updatePriceMs} |`,
    `| delete, all matching (rows, redirects, then 4,000 files) | ${p.deleteMs} | ${g.deleteMs} |`,
    '',
    'The screen, production build, embedded mode, signed in as an admin (24 rows a page):',
    '',
    '| catalogue | HTML, first request (ms) | HTML, warm median of 10 (ms) | HTML bytes | Chromium: navigation to a usable table (ms, median of 5) |',
    '| --- | --- | --- | --- | --- |',
    `| 24 artworks | ${s24.htmlColdMs} | ${s24.htmlWarmMs} | ${s24.htmlBytes.toLocaleString('en-GB')} | ${s24.browserUsableMs} |`,
    `| 5,000 artworks | ${s5k.htmlColdMs} | ${s5k.htmlWarmMs} | ${s5k.htmlBytes.toLocaleString('en-GB')} | ${s5k.browserUsableMs} |`,
    '',
  ].join('\n');
  fs.writeFileSync(path.join(out, 'bulk-manage.md'), md);
  console.log(md);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
