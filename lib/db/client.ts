import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { acquireDataDirLock } from './lock';
import { migrate } from './migrate';
import * as schema from './schema';
import { migratedSnapshot } from './snapshot';
import { postgresTls } from './tls';
import { pgliteRunner, postgresRunner, type SqlRunner } from './sql-runner';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  runner: SqlRunner;
  /** True when this open created the database (embedded first start): it needs seeding. */
  created: boolean;
  close(): Promise<void>;
};

export type PgliteOptions = {
  /** A folder to persist in; omitted for an in-memory database. */
  dataDir?: string;
  /** Start from this data directory tarball instead of an empty database. */
  loadDataDir?: Blob;
};

export async function openPglite({ dataDir, loadDataDir }: PgliteOptions = {}): Promise<Database> {
  let release = () => {};
  let created = true;
  let dbDir: string | undefined;
  if (dataDir) {
    release = acquireDataDirLock(dataDir);
    // Next's own SIGTERM handling may exit before an async close: release the lock regardless.
    process.once('exit', release);
    dbDir = path.join(dataDir, 'db');
    created = !fs.existsSync(path.join(dbDir, 'PG_VERSION'));
  }
  try {
    const seedTarball = created ? (loadDataDir ?? (await migratedSnapshot())) : undefined;
    const pg = await PGlite.create({ dataDir: dbDir, loadDataDir: seedTarball });
    const runner = pgliteRunner(pg);
    await migrate(runner);
    let closed = false;
    return {
      kind: 'pglite',
      db: drizzlePglite({ client: pg, schema }) as unknown as Db,
      runner,
      created,
      async close() {
        if (closed) return;
        closed = true;
        try {
          await pg.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  // prepare: false because Supabase's transaction pooler cannot keep prepared statements.
  const ssl = postgresTls(url);
  // connect_timeout: a database that does not answer fails a request in seconds (a calm 503,
  // lib/http/outage-response.ts) instead of after the driver's default of 30.
  const sql = postgres(url, { prepare: false, max: options.max ?? 10, connect_timeout: 2, onnotice: () => {}, ...(ssl === undefined ? {} : { ssl }) });
  return {
    kind: 'postgres',
    db: drizzlePostgres({ client: sql, schema }) as unknown as Db,
    runner: postgresRunner(sql),
    created: false,
    close: () => sql.end({ timeout: 5 }),
  };
}
