import { upsertLocalUser } from '@/lib/users/users';
import type { Database } from '@/lib/db/port';
import { env } from '@/lib/env';

/**
 * A database's start-up work, once its adapter has opened and migrated it (lib/database/index.ts): a
 * new embedded database gets the demo catalogue (in memory, without files, for `next build`),
 * and the admin that ADMIN_EMAIL and ADMIN_PASSWORD name exists (local sign-in only). Scripts
 * (users, seed, benchmarks) open the database the same way, so a database first created by a
 * script is seeded as the server would seed it.
 */
export async function prepareDatabase(
  db: Database,
  { ensureAdmin = false, building = false }: { ensureAdmin?: boolean; building?: boolean } = {},
): Promise<void> {
  if (db.kind === 'pglite' && db.created) {
    // The seeding code (sharp, the demo images) is loaded only when it runs, so a server on
    // DATABASE_URL, a Vercel function included, never loads it.
    const { seedDatabase } = await import('@/lib/seed/seed');
    if (building) await seedDatabase(db, { files: false });
    else await seedDatabase(db, { files: true, storageRoot: (await import('@/lib/storage/local')).localStorageRoot() });
  }
  // A build's in-memory copy is thrown away with its worker: no account to make there.
  if (ensureAdmin && !(db.kind === 'pglite' && building)) await ensureAdminAccount(db);
}

async function ensureAdminAccount(db: Database) {
  const config = env();
  if (config.authAdapter !== 'local' || !config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) return;
  await upsertLocalUser(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, admin: true });
}
