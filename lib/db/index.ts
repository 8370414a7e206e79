import path from 'node:path';
import { env } from '@/lib/env';
import type { Database } from './port';
import { openPostgres } from './postgres-adapter';

/**
 * The database adapter, chosen here and only here from the environment (lib/env.ts): a server on
 * DATABASE_URL (lib/db/postgres-adapter.ts), or the embedded database in DATA_DIR
 * (lib/db/pglite-adapter.ts, loaded only then). `next build` in embedded mode never opens
 * DATA_DIR: each build worker gets a private in-memory copy (migrated snapshot plus seed rows),
 * because a running server may hold the folder and several build workers open the database at once.
 */
export async function openAdapter(building: boolean): Promise<Database> {
  const config = env();
  // Nothing else in the code opens a database of its own; tests and scripts open an adapter directly.
  if (config.DATABASE_URL) {
    const db = await openPostgres(config.DATABASE_URL);
    if (building) await reachableForBuild(db, config.DATABASE_URL);
    return db;
  }
  // Through the alias a Vercel build replaces (next.config.ts): no function carries PGlite.
  const { openPglite } = await import('@/lib/db/pglite-adapter');
  if (building) return openPglite();
  return openPglite({ dataDir: path.resolve(/*turbopackIgnore: true*/ process.cwd(), config.DATA_DIR) });
}

/**
 * `next build` prerenders the public pages from DATABASE_URL: one that cannot reach it stops
 * with what to check, not a bare driver error (ENOTFOUND) on the first page's data.
 */
async function reachableForBuild(db: Database, url: string) {
  try {
    await db.runner.query('select 1');
  } catch (error) {
    await db.close().catch(() => {});
    const host = URL.canParse(url) ? new URL(url).host : 'the DATABASE_URL host';
    const reason = (error as { code?: string }).code ?? (error as Error).message;
    throw new Error(
      `The build could not reach the database at DATABASE_URL (${host}: ${reason}). It prerenders the public pages from it: ` +
        'check DATABASE_URL (on Supabase, the pooler connection string) and that the database accepts connections from where the build runs.',
      { cause: error },
    );
  }
}
