import { serverSecret } from '@/lib/auth/server-key';
import { printSetupLinkIfNeeded } from '@/lib/auth/setup-link';
import { installTagStoreBridge, recordBootInvalidation } from '@/lib/cache/tag-store';
import { startScheduledJobs } from '@/lib/cron';
import { database } from '@/lib/database';
import type { Database } from '@/lib/db/port';
import { reportIfDatabaseUnreachable, setDatabaseProbe, summariseUnreachableErrors } from '@/lib/db/health';
import { env, siteUrlMismatch } from '@/lib/env';
import { answerOutagesWith503 } from '@/lib/http/outage-response';
import { recordPeerAddresses } from '@/lib/http/peer-address';
import { sendLargeStringBodiesAsBuffers } from '@/lib/http/string-bodies';
import { answerTelemetryBeforeNext } from '@/lib/telemetry-intake/node-fast-path';

/** How often a server that started without its database tries the start-up work again. */
export const BOOT_RETRY_MS = 5_000;

/**
 * Runs once when a server starts (docs/architecture.md, Two runtimes at start). Either way the
 * environment and the server key are checked first, so a bad variable or a missing AUTH_SECRET
 * stops it with a clear message instead of failing on the first request; while the database is
 * unreachable, a page that needed it answers a calm 503 (lib/http/outage-response.ts: Next lets
 * a page answer 500 only, and crawlers drop pages that answer 500) and the log says so once
 * (lib/db/health.ts).
 *
 * - A Vercel function starts nothing more and changes nothing else of Node's: it lives for a few
 *   requests and freezes between them, so it opens the database on its first request, uses
 *   Vercel's own cache (next.config.ts), and its periodic work comes from Vercel Cron
 *   (vercel.json, lib/cron/jobs.ts).
 * - A Node server (`next start`) is the one long-running process: see startNodeServer.
 */
export async function startServer() {
  answerOutagesWith503();
  summariseUnreachableErrors();
  // How a server that knows its database is away finds it back (lib/db/health.ts recheckDatabase).
  setDatabaseProbe(async () => (await database()).runner.query('select 1'));
  try {
    // Read as written: the build inlines its own SITE_URL here (next.config.ts `env`).
    const mismatch = siteUrlMismatch(process.env.BUILT_FOR_SITE_URL, env().SITE_URL);
    if (mismatch) throw new Error(mismatch);
    serverSecret();
  } catch (error) {
    exitWith(error);
  }
  if (env().VERCEL) return;
  await startNodeServer();
}

/**
 * The Node server's start-up: request-path tuning measured for it (large string bodies sent as
 * buffers, docs/decisions/0002-string-bodies-as-buffers.md; telemetry answered before Next's
 * routing, docs/decisions/0004-telemetry-fast-path.md; socket addresses for the sign-in throttle),
 * then the database. A DATA_DIR held by another process stops it; a database server that does
 * not answer does not: the server starts, serves its cached pages and 503s, and does the
 * database's start-up work once it answers (tried every BOOT_RETRY_MS).
 */
async function startNodeServer() {
  sendLargeStringBodiesAsBuffers();
  recordPeerAddresses();
  answerTelemetryBeforeNext();
  const db = await openAtStart();
  if (db) await bootWithDatabase(db);
}

/** The database, or null while it cannot be reached (retried in the background); exits on anything else. */
async function openAtStart(): Promise<Database | null> {
  try {
    return await database();
  } catch (error) {
    if (!reportIfDatabaseUnreachable(error)) exitWith(error);
    retryBoot();
    return null;
  }
}

/**
 * Start-up work that needs the database: the one-time setup link of a fresh install; Next's cache
 * handlers (cache-handlers/) connected to the durable tag store, with the boot rule
 * (lib/cache/tag-store.ts: whatever was rendered before this start, `next build`'s pages
 * included, renders once more from the live database); live backups in embedded mode; the
 * scheduled jobs.
 */
let setupLinkChecked = false;

async function bootWithDatabase(db: Database) {
  try {
    // Once: a retry after a later step failed must not print a second link (it would void the first).
    if (!setupLinkChecked) await printSetupLinkIfNeeded(db);
    setupLinkChecked = true;
    installTagStoreBridge(db);
    await recordBootInvalidation(db);
  } catch (error) {
    if (!reportIfDatabaseUnreachable(error)) exitWith(error);
    retryBoot();
    return;
  }
  // Embedded mode: `npm run backup` asks this process for a consistent copy (lib/backup/live.ts,
  // loaded here only: it brings PGlite, which no Vercel function holds).
  if (db.kind === 'pglite') (await import('@/lib/backup/live')).serveLiveBackups(db, env().DATA_DIR);
  // The periodic work Vercel Cron calls on Vercel, on timers here (lib/cron/jobs.ts): log
  // retention, the sweep of files a crash left between an upload and its save, the owner's
  // emails still due, scheduled stories.
  startScheduledJobs(db);
}

function retryBoot() {
  const timer = setTimeout(() => {
    void database().then(bootWithDatabase, (error: unknown) => {
      if (!reportIfDatabaseUnreachable(error)) exitWith(error);
      retryBoot();
    });
  }, BOOT_RETRY_MS);
  timer.unref();
}

function exitWith(error: unknown): never {
  console.error(`\n${(error as Error).message}\n`);
  process.exit(1);
}
