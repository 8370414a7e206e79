import path from 'node:path';
import { env } from '@/lib/env';
import { prepareDatabase } from '@/lib/startup/database';
import type { Database } from './port';
import { openPostgres } from './postgres-adapter';

/**
 * The database adapter, chosen here and only here from the environment (lib/env.ts): a server on
 * DATABASE_URL (lib/db/postgres-adapter.ts), or the embedded database in DATA_DIR
 * (lib/db/pglite-adapter.ts, loaded only then). `next build` in embedded mode never opens
 * DATA_DIR: each build worker gets a private in-memory copy (migrated snapshot plus seed rows),
 * because a running server may hold the folder and several build workers open the database at once.
 */
async function openAdapter(building: boolean): Promise<Database> {
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

const key = Symbol.for('watercolour.database');
type Holder = { [key]?: Promise<Database> };
const holder = globalThis as Holder;

/** The process's database, opened once, with its start-up work done (lib/startup/database.ts). */
export function database(): Promise<Database> {
  holder[key] ??= openConfiguredDatabase({ ensureAdmin: true, closeOnSignal: true }).catch((error) => {
    holder[key] = undefined;
    throw error;
  });
  return holder[key];
}

/**
 * Opens the database the environment names, exactly as the server does: scripts (users, seed,
 * benchmarks) use it too.
 */
export async function openConfiguredDatabase(
  options: { ensureAdmin?: boolean; closeOnSignal?: boolean } = {},
): Promise<Database> {
  const building = env().NEXT_PHASE === 'phase-production-build';
  const db = await openAdapter(building);
  if (options.closeOnSignal && db.kind === 'pglite' && !building) closeOnSignal(db);
  try {
    await prepareDatabase(db, { ensureAdmin: options.ensureAdmin, building });
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
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

function closeOnSignal(db: Database) {
  // Closing PGlite cleanly keeps its sequences; the lock file is released either way.
  const close = (signal: NodeJS.Signals) => {
    db.close().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}
