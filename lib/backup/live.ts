import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '@/lib/db/port';
import { logger } from '@/lib/log/logger';
import { removeStagedSnapshots, stageSnapshot, STAGE_PREFIX } from './snapshot';

/**
 * Backups of a running embedded server. Only the process holding DATA_DIR may open the
 * database, so that process stages snapshots (lib/backup/snapshot.ts) on request: `npm run
 * backup` connects to a Unix socket in DATA_DIR, sends `snapshot`, and is told the staged
 * folder's name, or the error. Nothing listens on the network; whoever can reach the socket
 * (mode 0600) can read DATA_DIR already.
 */
export const SOCKET_FILE = 'backup.sock';
const REQUEST = 'snapshot';
// sun_path holds 108 bytes on Linux (104 on macOS), its terminating NUL included.
const MAX_SOCKET_PATH = 103;
const STALE_STAGE_MS = 6 * 60 * 60 * 1000;

export const backupSocketPath = (dataDir: string) => path.join(dataDir, SOCKET_FILE);

type Reply = { ok: true; stage: string } | { ok: false; error: string };

const key = Symbol.for('watercolour.backup-socket');
type Holder = { [key]?: net.Server };

/**
 * Starts answering snapshot requests for this process's embedded database (once per process;
 * nothing for a Postgres one). Call it after the database is open, so the DATA_DIR lock is held.
 */
export function serveLiveBackups(database: Database, dataDir: string): net.Server | undefined {
  const holder = globalThis as Holder;
  if (database.kind !== 'pglite' || holder[key]) return holder[key];
  // drizzle's PGlite driver keeps its client as `$client`.
  const pg = (database.db as unknown as { $client: PGlite }).$client;
  const dir = path.resolve(/*turbopackIgnore: true*/ process.cwd(), dataDir);
  const socketPath = backupSocketPath(dir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    logger.warn(
      { feature: 'backup', socketPath },
      'DATA_DIR path too long for the backup socket: `npm run backup` needs the server stopped',
    );
    return undefined;
  }
  // Left by a crashed server or an unfinished backup: this process holds the DATA_DIR lock.
  fs.rmSync(socketPath, { force: true });
  void removeStagedSnapshots(dir);
  let queue: Promise<unknown> = Promise.resolve();
  const reply = (socket: net.Socket, message: Reply) => socket.end(`${JSON.stringify(message)}\n`);
  const server = net.createServer((socket) => {
    socket.setTimeout(30_000, () => socket.destroy());
    socket.on('error', () => {});
    let request = '';
    socket.on('data', (chunk) => {
      request += chunk.toString('utf8');
      if (!request.includes('\n')) return;
      socket.removeAllListeners('data');
      if (request.trim() !== REQUEST) return reply(socket, { ok: false, error: 'unknown request' });
      // Staging waits its turn behind the app's transactions: no idle timeout from here on.
      socket.setTimeout(0);
      // One snapshot at a time.
      queue = queue.then(async () => {
        try {
          // A backup still reading its stage after hours was killed: its stage pins deleted files.
          await removeStagedSnapshots(dir, STALE_STAGE_MS);
          const stage = await stageSnapshot(pg, dir);
          if (socket.destroyed) return void (await fs.promises.rm(stage, { recursive: true, force: true }));
          reply(socket, { ok: true, stage: path.basename(stage) });
          logger.info({ feature: 'backup', stage }, 'snapshot staged for npm run backup');
        } catch (error) {
          reply(socket, { ok: false, error: (error as Error).message });
          logger.error({ feature: 'backup', err: error }, 'backup snapshot failed');
        }
      });
    });
  });
  server.on('error', (error) =>
    logger.warn(
      { feature: 'backup', err: error },
      'backup socket unavailable: `npm run backup` needs the server stopped',
    ),
  );
  server.listen(socketPath, () => fs.chmodSync(socketPath, 0o600));
  server.unref();
  process.once('exit', () => fs.rmSync(socketPath, { force: true }));
  holder[key] = server;
  return server;
}

/**
 * Asks the server holding `dataDir` to stage a snapshot; its folder, or null when nothing
 * answers on the socket (no server, or one that predates backups).
 */
export function requestLiveSnapshot(dataDir: string, timeoutMs = 300_000): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(backupSocketPath(dataDir));
    let connected = false;
    let answer = '';
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new Error(`the server did not stage a snapshot within ${timeoutMs / 1000} s`)),
    );
    socket.on('connect', () => {
      connected = true;
      socket.write(`${REQUEST}\n`);
    });
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && ['ENOENT', 'ECONNREFUSED'].includes(error.code ?? '')) resolve(null);
      else reject(error);
    });
    socket.on('end', () => {
      let message: Reply;
      try {
        message = JSON.parse(answer) as Reply;
      } catch {
        return reject(new Error('the server sent no valid answer to the backup request'));
      }
      if (!message.ok) return reject(new Error(`the server could not take a snapshot: ${message.error}`));
      if (!message.stage.startsWith(STAGE_PREFIX) || message.stage !== path.basename(message.stage))
        return reject(new Error('the server named an unexpected snapshot folder'));
      resolve(path.join(dataDir, message.stage));
    });
  });
}
