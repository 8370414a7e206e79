import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Database, Db } from './port';
import { acquireDataDirLock } from './lock';
import { migrate } from './migrate';
import * as schema from './schema';
import { migratedSnapshot } from './snapshot';
import { pgliteRunner } from './sql-runner';

/**
 * The embedded database, PGlite, in DATA_DIR (or in memory). Loaded only when it is opened
 * (lib/database/index.ts): a server on DATABASE_URL, and every Vercel function, never loads PGlite, so a
 * Vercel build leaves it out of its functions (next.config.ts).
 */
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
