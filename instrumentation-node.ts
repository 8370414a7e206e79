import { installTagStoreBridge, recordBootInvalidation } from '@/lib/cache/tag-store';
import { database } from '@/lib/db';
import { env } from '@/lib/env';
import { sendLargeStringBodiesAsBuffers } from '@/lib/http/string-bodies';

/**
 * Validates the environment and opens the database at start, so a bad variable or a DATA_DIR
 * held by another process stops the server with a clear message instead of failing on the
 * first request. Then connects Next's cache handlers (cache-handlers/) to the durable tag
 * store and applies the boot rule (lib/cache/tag-store.ts): whatever was rendered before this
 * start, `next build`'s pages included, renders once more from the live database.
 */
export async function startServer() {
  sendLargeStringBodiesAsBuffers();
  try {
    env();
    const db = await database();
    installTagStoreBridge(db);
    await recordBootInvalidation(db);
  } catch (error) {
    console.error(`\n${(error as Error).message}\n`);
    process.exit(1);
  }
}
