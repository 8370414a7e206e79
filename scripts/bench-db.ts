// npm run bench:db — database figures for the foundation issue:
//   first embedded start (fresh DATA_DIR, migrated and seeded) and warm restart;
//   the gallery query at 24 and at 10,000 artworks, on PGlite and on a PostgreSQL 17 server.
// Writes bench-results/db.json and bench-results/db.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { openPglite } from '@/lib/db/pglite-adapter';
import { openPostgres } from '@/lib/db/postgres-adapter';
import type { Database } from '@/lib/db/port';
import { migrate } from '@/lib/db/migrate';
import { GALLERY_PAGE_SIZE, listPublishedArtworks } from '@/lib/artworks/queries';
import { asVisitor } from '@/lib/db/roles';
import { startPostgresServer } from '@/lib/db/server/start-postgres';
import { postgresRunner } from '@/lib/db/sql-runner';
import { seedDatabase } from '@/lib/seed/seed';
import { growCatalogue } from './bench-catalogue';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number) => Math.round(n * 100) / 100;

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await fn();
  return [performance.now() - start, value];
}

async function galleryQuery(db: Database, runs = 100) {
  const measure = async (options: { category?: string; page?: number }) => {
    for (let i = 0; i < 5; i++) await asVisitor(db, (tx) => listPublishedArtworks(tx, options));
    const samples: number[] = [];
    for (let i = 0; i < runs; i++)
      samples.push((await time(() => asVisitor(db, (tx) => listPublishedArtworks(tx, options))))[0]);
    return ms(median(samples));
  };
  return {
    firstPage: await measure({}),
    category: await measure({ category: 'Seascapes' }),
    page10: await measure({ page: 10 }),
  };
}

async function benchDriver(db: Database) {
  await seedDatabase(db, { files: false });
  const at24 = await galleryQuery(db);
  await growCatalogue(db, 10_000);
  const at10k = await galleryQuery(db);
  return { at24, at10k };
}

async function main() {
  const results: Record<string, unknown> = {};

  // First start: fresh DATA_DIR, migrated (from the cached snapshot) and seeded with images.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-bench-'));
  const uploads = path.join(dataDir, 'uploads');
  const [firstStart, db1] = await time(async () => {
    const db = await openPglite({ dataDir });
    await seedDatabase(db, { files: true, storageRoot: uploads });
    return db;
  });
  await db1.close();
  const [warmRestart, db2] = await time(() => openPglite({ dataDir }));
  await db2.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  results.embeddedStart = { firstStartMs: ms(firstStart), warmRestartMs: ms(warmRestart) };
  console.log('embedded start', results.embeddedStart);

  const pglite = await openPglite();
  results.pglite = await benchDriver(pglite);
  await pglite.close();
  console.log('pglite', results.pglite);

  const server = await startPostgresServer();
  try {
    const url = `${server.url}/postgres`;
    const sql = postgres(url, { onnotice: () => {}, max: 1 });
    await migrate(postgresRunner(sql));
    await sql.end();
    const pg = await openPostgres(url, { max: 4 });
    results.postgres = await benchDriver(pg);
    await pg.close();
    console.log('postgres', results.postgres);
  } finally {
    await server.stop();
  }

  const out = path.join(process.cwd(), 'bench-results');
  fs.mkdirSync(out, { recursive: true });
  const stamped = { date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, ...results };
  fs.writeFileSync(path.join(out, 'db.json'), `${JSON.stringify(stamped, null, 2)}\n`);
  const r = results as {
    embeddedStart: { firstStartMs: number; warmRestartMs: number };
    pglite: { at24: Record<string, number>; at10k: Record<string, number> };
    postgres: { at24: Record<string, number>; at10k: Record<string, number> };
  };
  const row = (name: string, key: string) =>
    `| ${name} | ${r.pglite.at24[key]} | ${r.pglite.at10k[key]} | ${r.postgres.at24[key]} | ${r.postgres.at10k[key]} | ${ms(r.pglite.at10k[key]! / r.pglite.at24[key]!)}× / ${ms(r.postgres.at10k[key]! / r.postgres.at24[key]!)}× |`;
  fs.writeFileSync(
    path.join(out, 'db.md'),
    [
      `# Database benchmark (${stamped.date}, Node ${process.version}, ${stamped.cpus} cores)`,
      '',
      `First embedded start (fresh DATA_DIR, migrated, 24 artworks seeded with images): **${r.embeddedStart.firstStartMs} ms**; warm restart: **${r.embeddedStart.warmRestartMs} ms**.`,
      '',
      `Gallery query as anon (RLS on), median ms of 100 runs, page size ${GALLERY_PAGE_SIZE}:`,
      '',
      '| query | PGlite 24 | PGlite 10k | Postgres 24 | Postgres 10k | 10k ÷ 24 (PGlite / Postgres) |',
      '| --- | --- | --- | --- | --- | --- |',
      row('newest first, page 1', 'firstPage'),
      row('one category, page 1', 'category'),
      row('newest first, page 10', 'page10'),
      '',
    ].join('\n'),
  );
  console.log(fs.readFileSync(path.join(out, 'db.md'), 'utf8'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
