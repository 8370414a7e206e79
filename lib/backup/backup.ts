import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { KEY_FILE } from '@/lib/auth/server-key';
import { acquireDataDirLock, DataDirLockedError } from '@/lib/db/lock';
import { pgliteRunner } from '@/lib/db/sql-runner';
import { DB_ENTRY, MANIFEST_ENTRY, type Manifest } from './archive';
import { databaseContents } from './contents';
import { backupSocketPath, requestLiveSnapshot } from './live';
import { stageSnapshot } from './snapshot';
import { TarWriter } from './tar';
import { listUploads } from './uploads';

/**
 * `npm run backup`: the embedded database and its files in one archive (lib/backup/archive.ts),
 * whether or not a server is running. A snapshot of both is staged inside DATA_DIR
 * (lib/backup/snapshot.ts says why it is consistent) by the running server, asked over its
 * backup socket (lib/backup/live.ts), or, when no process holds DATA_DIR, here under its lock.
 * The staged folder is then archived at leisure and removed.
 */
export type BackupResult = Manifest & { file: string; bytes: number };

type Staged = { stage: string; source: Manifest['source']; release: () => void };

async function stage(dataDir: string): Promise<Staged> {
  if (!fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION')))
    throw new Error(`No embedded database in DATA_DIR "${dataDir}": nothing to back up.`);
  let release: () => void;
  try {
    release = acquireDataDirLock(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const staged = await requestLiveSnapshot(dataDir);
    if (!staged) {
      throw new Error(
        `DATA_DIR "${dataDir}" is held by process ${error.pid}, which does not answer backup requests on ${backupSocketPath(dataDir)} ` +
          '(a server from before backups, or a script such as `npm run users`): wait for it to finish or stop it, then run the backup again.',
      );
    }
    return { stage: staged, source: 'live', release: () => {} };
  }
  try {
    // Opened without migrating: a backup copies the database as it is. The lock stays held until
    // the archive is written, so no server starts and tidies the staged folder away meanwhile.
    const pg = await PGlite.create({ dataDir: path.join(dataDir, 'db') });
    try {
      return { stage: await stageSnapshot(pg, dataDir), source: 'offline', release };
    } finally {
      await pg.close();
    }
  } catch (error) {
    release();
    throw error;
  }
}

async function writeArchive(target: string, dataDir: string, staged: Staged): Promise<Manifest> {
  const gzip = zlib.createGzip({ level: 6 });
  const written = pipeline(gzip, fs.createWriteStream(target, { mode: 0o600 }));
  const tar = new TarWriter(gzip);
  try {
    const db = path.join(staged.stage, DB_ENTRY);
    // What the snapshot refers to, read from a private in-memory copy of it.
    const pg = await PGlite.create({ loadDataDir: await fs.openAsBlob(db) });
    const contents = await databaseContents(pgliteRunner(pg)).finally(() => pg.close());
    await tar.add(DB_ENTRY, fs.readFileSync(db), { mode: 0o600 });
    const copied = new Set<string>();
    for (const { entry, file } of listUploads(path.join(staged.stage, 'uploads'))) {
      const stat = fs.statSync(file);
      await tar.add(entry, fs.readFileSync(file), { mode: stat.mode & 0o777, mtime: stat.mtime });
      copied.add(entry);
    }
    const key = path.join(dataDir, KEY_FILE);
    if (fs.existsSync(key))
      await tar.add(KEY_FILE, fs.readFileSync(key), { mode: 0o600, mtime: fs.statSync(key).mtime });
    const manifest: Manifest = {
      format: 'watercolour-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      source: staged.source,
      artworks: contents.artworks,
      messages: contents.messages,
      subscribers: contents.subscribers,
      stories: contents.stories,
      letters: contents.letters,
      deliveries: contents.deliveries,
      files: copied.size,
      missing: contents.files.filter((file) => !copied.has(file)),
    };
    await tar.add(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await tar.finish();
    await written;
    return manifest;
  } catch (error) {
    gzip.destroy();
    await written.catch(() => {});
    throw error;
  }
}

export async function createBackup({ dataDir, out }: { dataDir: string; out: string }): Promise<BackupResult> {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const partial = `${out}.${crypto.randomUUID()}.partial`;
  const staged = await stage(dataDir);
  try {
    const manifest = await writeArchive(partial, dataDir, staged);
    fs.renameSync(partial, out);
    return { ...manifest, file: out, bytes: fs.statSync(out).size };
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(staged.stage, { recursive: true, force: true });
    staged.release();
  }
}
