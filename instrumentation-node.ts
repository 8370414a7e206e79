import { serverSecret } from '@/lib/auth/server-key';
import { installTagStoreBridge, recordBootInvalidation } from '@/lib/cache/tag-store';
import { database } from '@/lib/db';
import { summariseUnreachableErrors } from '@/lib/db/health';
import { env } from '@/lib/env';
import { answerOutagesWith503 } from '@/lib/http/outage-response';
import { recordPeerAddresses } from '@/lib/http/peer-address';
import { sendLargeStringBodiesAsBuffers } from '@/lib/http/string-bodies';

/**
 * Validates the environment, opens the database and loads the server key at start, so a bad
 * variable, a DATA_DIR held by another process or a missing AUTH_SECRET stops the server with a
 * clear message instead of failing on the first request. While the database is unreachable,
 * a page that needed it answers a calm 503 (lib/http/outage-response.ts). Records each request's socket address
 * for the sign-in throttle (lib/http/peer-address.ts). Connects Next's cache handlers
 * (cache-handlers/) to the durable tag store and applies the boot rule (lib/cache/tag-store.ts):
 * whatever was rendered before this start, `next build`'s pages included, renders once more
 * from the live database.
 */
export async function startServer() {
  sendLargeStringBodiesAsBuffers();
  answerOutagesWith503();
  summariseUnreachableErrors();
  recordPeerAddresses();
  try {
    env();
    const db = await database();
    serverSecret();
    installTagStoreBridge(db);
    await recordBootInvalidation(db);
  } catch (error) {
    console.error(`\n${(error as Error).message}\n`);
    process.exit(1);
  }
}
