import fs from 'node:fs';
import path from 'node:path';

/**
 * A PID lock on DATA_DIR. PGlite's own postmaster.pid does not stop a second process from
 * opening the same folder (and corrupting it), so every opener takes this lock first.
 */
export class DataDirLockedError extends Error {
  constructor(public readonly dataDir: string, public readonly pid: number) {
    super(
      `DATA_DIR "${dataDir}" is already open in another process (pid ${pid}). ` +
        'Only one process may open the embedded database: stop that process, or set DATA_DIR to another folder, or use DATABASE_URL.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'lock.pid');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(dataDir, holder);
      }
      // A stale lock left by a crashed process, or our own from before a hot reload.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock on DATA_DIR "${dataDir}"`);
}
