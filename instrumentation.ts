/**
 * Runs once when a server starts: validates the environment and opens the database, so a bad
 * variable or a DATA_DIR held by another process stops start-up with a clear message instead
 * of failing on the first request.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { env } = await import('@/lib/env');
  const { database } = await import('@/lib/db');
  try {
    env();
    await database();
  } catch (error) {
    console.error(`\n${(error as Error).message}\n`);
    process.exit(1);
  }
}
