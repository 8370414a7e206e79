import { database } from '@/lib/db';
import { env } from '@/lib/env';

/**
 * Validates the environment and opens the database at start, so a bad variable or a DATA_DIR
 * held by another process stops the server with a clear message instead of failing on the
 * first request.
 */
export async function startServer() {
  try {
    env();
    await database();
  } catch (error) {
    console.error(`\n${(error as Error).message}\n`);
    process.exit(1);
  }
}
