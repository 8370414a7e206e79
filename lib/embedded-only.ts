/**
 * What a Vercel build has in place of the embedded-mode modules (next.config.ts aliases
 * lib/db/pglite-adapter.ts, lib/seed/seed.ts and lib/backup/live.ts to this file when VERCEL is set):
 * a serverless function runs on DATABASE_URL (lib/env.ts refuses to start without it), so
 * PGlite, the demo seeder and its images, and live backups never run there and are not deployed.
 */
function unavailable(what: string): never {
  throw new Error(`${what} is embedded mode only, and a Vercel build has no embedded mode: set DATABASE_URL`);
}

export const openPglite = (): never => unavailable('The embedded database (PGlite)');
export const seedDatabase = (): never => unavailable('Seeding the demo artworks');
export const serveLiveBackups = (): never => unavailable('Live backups');
