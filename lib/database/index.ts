import { env } from '@/lib/env';
import { prepareDatabase } from './prepare';
import type { Database } from '@/lib/db/port';
import { openAdapter } from '@/lib/db';

const key = Symbol.for('watercolour.database');
type Holder = { [key]?: Promise<Database> };
const holder = globalThis as Holder;

/** The process's database, opened once, with its start-up work done (lib/database/prepare.ts). */
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

function closeOnSignal(db: Database) {
  // Closing PGlite cleanly keeps its sequences; the lock file is released either way.
  const close = (signal: NodeJS.Signals) => {
    db.close().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}
