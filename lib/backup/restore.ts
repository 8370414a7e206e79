import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { KEY_FILE } from '@/lib/auth/server-key';
import { acquireDataDirLock, DataDirLockedError } from '@/lib/db/lock';
import { pgliteRunner } from '@/lib/db/sql-runner';
import { isSafeKey } from '@/lib/storage/local';
import { DB_ENTRY, MANIFEST_ENTRY, manifestSchema, UPLOAD_ENTRY, type Manifest } from './archive';
import { databaseContents } from './contents';
import { readTar } from './tar';

/**
 * `npm run restore -- <archive>`: puts a backup in DATA_DIR, with the server stopped.
 *
 * Holds the DATA_DIR lock throughout, so it refuses to start while a server runs and no server
 * can start until it is done. Unpacks into a folder inside DATA_DIR (the same filesystem, even
 * when DATA_DIR is a mounted volume), opens the restored database and checks that every file it
 * refers to arrived; only then moves the current `db/`, `uploads/` and `auth-secret` aside into
 * `DATA_DIR/before-restore-<time>/` (never deleted) and the restored ones into place. A damaged
 * or incomplete archive changes nothing.
 */
export type RestoreResult = Manifest & { dataDir: string; previous: string | null };

const MOVED = ['db', 'uploads', KEY_FILE];

export class RestoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreError';
  }
}

async function writeBody(target: string, body: AsyncIterable<Buffer>, mode: number) {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // 'wx': an archive naming the same file twice is refused rather than silently merged.
  await pipeline(body, fs.createWriteStream(target, { flags: 'wx', mode }));
}

async function unpack(archive: string, staging: string): Promise<{ manifest: Manifest | null; files: Set<string> }> {
  let manifest: Manifest | null = null;
  const files = new Set<string>();
  await pipeline(fs.createReadStream(archive), zlib.createGunzip(), (source: AsyncIterable<Buffer>) =>
    readTar(source, async (entry, body) => {
      if (entry.type !== '0')
        throw new RestoreError(`unexpected ${JSON.stringify(entry.type)} entry ${JSON.stringify(entry.name)}`);
      if (manifest) throw new RestoreError(`entry ${JSON.stringify(entry.name)} after the manifest`);
      const upload = UPLOAD_ENTRY.exec(entry.name);
      if (entry.name === MANIFEST_ENTRY) {
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(chunk);
        const parsed = manifestSchema.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        if (!parsed.success) throw new RestoreError('its manifest is not one this version understands');
        manifest = parsed.data;
      } else if (entry.name === DB_ENTRY || entry.name === KEY_FILE) {
        await writeBody(path.join(staging, entry.name), body, 0o600);
      } else if (upload && isSafeKey(upload[2]!)) {
        await writeBody(path.join(staging, ...entry.name.split('/')), body, 0o644);
        files.add(entry.name);
      } else {
        throw new RestoreError(`unexpected entry ${JSON.stringify(entry.name)}`);
      }
    }),
  );
  return { manifest, files };
}

function timestamp() {
  return new Date().toISOString().replace(/[-:]/g, '');
}

export async function restoreBackup({
  archive,
  dataDir,
}: {
  archive: string;
  dataDir: string;
}): Promise<RestoreResult> {
  if (!fs.statSync(archive, { throwIfNoEntry: false })?.isFile())
    throw new RestoreError(`No backup archive at ${archive}`);
  let release: () => void;
  try {
    release = acquireDataDirLock(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new RestoreError(
      `DATA_DIR "${dataDir}" is open in process ${error.pid} (the server, or a script). Stop it first: a restore replaces the database it holds open. Nothing was changed.`,
    );
  }
  const stamp = timestamp();
  const staging = path.join(dataDir, `.restoring-${stamp}`);
  try {
    let unpacked: Awaited<ReturnType<typeof unpack>>;
    try {
      unpacked = await unpack(archive, staging);
    } catch (error) {
      throw new RestoreError(`${archive} is not a usable backup: ${(error as Error).message}. Nothing was changed.`);
    }
    const { manifest, files } = unpacked;
    if (!manifest || !fs.existsSync(path.join(staging, DB_ENTRY))) {
      throw new RestoreError(
        `${archive} is not a complete backup (no ${manifest ? 'database' : 'manifest'}: cut short, or not made by npm run backup). Nothing was changed.`,
      );
    }

    const pg = await PGlite.create({
      dataDir: path.join(staging, 'db'),
      loadDataDir: await fs.openAsBlob(path.join(staging, DB_ENTRY)),
    });
    let contents;
    try {
      contents = await databaseContents(pgliteRunner(pg));
    } finally {
      await pg.close();
    }
    fs.rmSync(path.join(staging, DB_ENTRY));
    const lacking = contents.files.filter((file) => !files.has(file) && !manifest.missing.includes(file));
    const counted = (field: 'messages' | 'subscribers' | 'stories' | 'letters' | 'deliveries') =>
      manifest[field] === undefined || manifest[field] === contents[field];
    if (
      lacking.length ||
      contents.artworks !== manifest.artworks ||
      !counted('messages') ||
      !counted('subscribers') ||
      !counted('stories') ||
      !counted('letters') ||
      !counted('deliveries')
    ) {
      throw new RestoreError(
        `${archive} is damaged: ${lacking.length ? `it lacks ${lacking.length} file(s) its database refers to (${lacking.slice(0, 3).join(', ')})` : 'its database does not match its manifest'}. Nothing was changed.`,
      );
    }

    const present = MOVED.filter((name) => fs.existsSync(path.join(dataDir, name)));
    const previous = present.length ? path.join(dataDir, `before-restore-${stamp}`) : null;
    if (previous) fs.mkdirSync(previous);
    for (const name of present) fs.renameSync(path.join(dataDir, name), path.join(previous!, name));
    for (const name of MOVED) {
      if (fs.existsSync(path.join(staging, name))) fs.renameSync(path.join(staging, name), path.join(dataDir, name));
    }
    return { ...manifest, dataDir, previous };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    release();
  }
}
