import path from 'node:path';
import { env } from '@/lib/env';
import { upsertLocalUser } from '@/lib/auth/users';
import { openPglite, openPostgres, type Database } from './client';

/**
 * The process's database, opened once. Embedded mode (no DATABASE_URL) opens DATA_DIR under a
 * PID lock, migrates, and seeds a fresh database. `next build` never opens DATA_DIR: each build
 * worker gets a private in-memory copy (migrated snapshot plus seed rows), because a running
 * server may hold the folder and several build workers open the database at once.
 */
const key = Symbol.for('watercolour.database');
type Holder = { [key]?: Promise<Database> };
const holder = globalThis as Holder;

export function database(): Promise<Database> {
  holder[key] ??= openConfiguredDatabase({ ensureAdmin: true, closeOnSignal: true }).catch((error) => {
    holder[key] = undefined;
    throw error;
  });
  return holder[key];
}

/**
 * Opens the database the environment names, exactly as the server does: scripts (users, seed,
 * benchmarks) use it too, so a database first created by a script is seeded the same way.
 */
export async function openConfiguredDatabase(options: { ensureAdmin?: boolean; closeOnSignal?: boolean } = {}): Promise<Database> {
  const config = env();
  if (config.DATABASE_URL) {
    const db = await openPostgres(config.DATABASE_URL);
    if (config.NEXT_PHASE === 'phase-production-build') await reachableForBuild(db, config.DATABASE_URL);
    if (options.ensureAdmin) await ensureAdmin(db);
    return db;
  }
  // Embedded mode only: the seeding code (sharp, the demo images) is loaded when it runs, so a
  // server on DATABASE_URL, a Vercel function included, never loads it.
  const { seedDatabase } = await import('@/lib/seed/seed');
  if (config.NEXT_PHASE === 'phase-production-build') {
    const db = await openPglite();
    await seedDatabase(db, { files: false });
    return db;
  }
  const dataDir = path.resolve(/*turbopackIgnore: true*/ process.cwd(), config.DATA_DIR);
  const db = await openPglite({ dataDir });
  if (options.closeOnSignal) closeOnSignal(db);
  try {
    if (db.created) await seedDatabase(db, { files: true, storageRoot: (await import('@/lib/storage/local')).localStorageRoot() });
    if (options.ensureAdmin) await ensureAdmin(db);
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

async function ensureAdmin(db: Database) {
  const config = env();
  if (config.authAdapter !== 'local' || !config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) return;
  await upsertLocalUser(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, admin: true });
}

function closeOnSignal(db: Database) {
  // Closing PGlite cleanly keeps its sequences; the lock file is released either way.
  const close = (signal: NodeJS.Signals) => {
    db.close().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}
