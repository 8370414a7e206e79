import { serverSecret } from '@/lib/auth/server-key';
import { printSetupLinkIfNeeded } from '@/lib/auth/setup-link';
import { serveLiveBackups } from '@/lib/backup/live';
import { installTagStoreBridge, recordBootInvalidation } from '@/lib/cache/tag-store';
import { database } from '@/lib/db';
import { summariseUnreachableErrors } from '@/lib/db/health';
import { env } from '@/lib/env';
import { answerOutagesWith503 } from '@/lib/http/outage-response';
import { recordPeerAddresses } from '@/lib/http/peer-address';
import { sendLargeStringBodiesAsBuffers } from '@/lib/http/string-bodies';
import { startLogRetention } from '@/lib/log/retention';
import { answerTelemetryBeforeNext } from '@/lib/telemetry/node-fast-path';
import { startBackgroundSweep } from '@/lib/storage/background-sweep';

/**
 * Validates the environment, opens the database and loads the server key at start, so a bad
 * variable, a DATA_DIR held by another process or a missing AUTH_SECRET stops the server with a
 * clear message instead of failing on the first request. While the database is unreachable,
 * a page that needed it answers a calm 503 (lib/http/outage-response.ts) and the log says so
 * once (lib/db/health.ts). Records each request's socket address for the sign-in throttle
 * (lib/http/peer-address.ts). Connects Next's cache handlers (cache-handlers/) to the durable
 * tag store and applies the boot rule (lib/cache/tag-store.ts): whatever was rendered before
 * this start, `next build`'s pages included, renders once more from the live database. Then
 * serves live backups and sweeps files a crash left behind.
 */
export async function startServer() {
  sendLargeStringBodiesAsBuffers();
  answerOutagesWith503();
  summariseUnreachableErrors();
  recordPeerAddresses();
  // POST /api/telemetry without the proxy and Next's routing (a flood must not cost the pages).
  answerTelemetryBeforeNext();
  try {
    env();
    const db = await database();
    serverSecret();
    // A fresh install with no admin and no ADMIN_EMAIL: the one-time setup link, on the console.
    await printSetupLinkIfNeeded(db);
    installTagStoreBridge(db);
    await recordBootInvalidation(db);
    // Embedded mode: `npm run backup` asks this process for a consistent copy (lib/backup/live.ts).
    serveLiveBackups(db, env().DATA_DIR);
    // Files a crash left between an upload and its save (lib/storage/sweep.ts), once, in the background.
    startBackgroundSweep(db);
    // logs_app stays within LOGS_APP_MAX_AGE_DAYS / LOGS_APP_MAX_ROWS (lib/log/retention.ts).
    startLogRetention(db);
  } catch (error) {
    console.error(`\n${(error as Error).message}\n`);
    process.exit(1);
  }
}
