import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { DB_ENTRY } from './archive';
import { listUploads } from './uploads';

/**
 * A consistent snapshot of an embedded DATA_DIR, staged in `DATA_DIR/.backup-<id>/`: the
 * database as `db.tar` (a copy of PGlite's data directory) and every stored file, hard-linked
 * into `uploads/`. Taken by the process that has the database open, in three steps inside one
 * transaction of its own, during which no other statement runs (PGlite runs one transaction
 * at a time):
 * - CHECKPOINT, so the data files hold every committed change and the copy opens without
 *   replaying the log;
 * - dumpDataDir, the copy: every transaction committed before it, none half done;
 * - the file links. A row only refers to a file written whole before the row committed, and a
 *   file is only removed after the row that referred to it is gone, which cannot happen until
 *   the links exist; so every file the copy refers to is linked. Links pin the files: a later
 *   delete only removes the other name.
 * Files are linked rather than copied so the database waits milliseconds, not the time it takes
 * to copy every image; where links are impossible (uploads on another filesystem) they are copied.
 */
export const STAGE_PREFIX = '.backup-';

export async function stageSnapshot(pg: PGlite, dataDir: string): Promise<string> {
  const stage = path.join(dataDir, `${STAGE_PREFIX}${crypto.randomUUID()}`);
  try {
    await fs.mkdir(stage, { mode: 0o700 });
    let dump: Blob | undefined;
    await pg.transaction(async (tx) => {
      await tx.exec('checkpoint');
      dump = await pg.dumpDataDir('none');
      await pinUploads(path.join(dataDir, 'uploads'), stage);
    });
    await fs.writeFile(path.join(stage, DB_ENTRY), new Uint8Array(await dump!.arrayBuffer()), { mode: 0o600 });
    return stage;
  } catch (error) {
    await fs.rm(stage, { recursive: true, force: true });
    throw error;
  }
}

async function pinUploads(uploadsRoot: string, stage: string) {
  for (const { entry, file } of listUploads(uploadsRoot)) {
    const target = path.join(stage, ...entry.split('/'));
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.link(file, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue; // removed since it was listed: no row of this copy refers to it
      if (!['EXDEV', 'EPERM', 'ENOTSUP', 'EMLINK'].includes(code ?? '')) throw error;
      await fs.copyFile(file, target, fs.constants.COPYFILE_FICLONE);
    }
  }
}

/**
 * Staged snapshots a backup never removed (it was killed), older than `olderThanMs`: only the
 * holder of DATA_DIR's lock calls this, so no backup of another process is reading them.
 */
export async function removeStagedSnapshots(dataDir: string, olderThanMs = 0) {
  for (const name of await fs.readdir(dataDir).catch(() => [])) {
    if (!name.startsWith(STAGE_PREFIX)) continue;
    const stage = path.join(dataDir, name);
    const stat = await fs.stat(stage).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs >= olderThanMs) await fs.rm(stage, { recursive: true, force: true });
  }
}
