import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A lock on DATA_DIR. PGlite's own postmaster.pid does not stop a second process from opening
 * the same folder (and corrupting it), so every opener takes this lock first.
 *
 * The lock file names its holder by PID and by when that process started. After a crash the
 * PID may be reused by an unrelated process (containers restart with low PIDs); a holder only
 * counts if a process with that PID is alive and started when the holder did, so a stale lock
 * never stops a start-up, while a live second server is still refused.
 */
export class DataDirLockedError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly pid: number,
  ) {
    super(
      `DATA_DIR "${dataDir}" is already open in another process (pid ${pid}). ` +
        'Only one process may open the embedded database: stop that process, or set DATA_DIR to another folder, or use DATABASE_URL.',
    );
    this.name = 'DataDirLockedError';
  }
}

type Holder = { pid: number; started: string | null; token?: string };

/** When a process started, in clock ticks since boot (Linux /proc); null where unknown. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, inside parentheses); starttime is
    // field 22 of the whole line, the 20th after the name.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
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

function readHolder(lockPath: string): Holder | null {
  const text = fs.readFileSync(lockPath, 'utf8').trim();
  try {
    const parsed = JSON.parse(text) as Holder;
    if (Number.isInteger(parsed.pid)) return parsed;
  } catch {
    // Older lock files hold the PID alone.
    const pid = Number.parseInt(text, 10);
    if (Number.isInteger(pid)) return { pid, started: null };
  }
  return null;
}

/** Whether the recorded process is really still the one that took the lock. */
function holdsLock(holder: Holder): boolean {
  if (holder.pid === process.pid || !isAlive(holder.pid)) return false;
  if (holder.started === null) return true; // no start time to compare: trust the live PID
  const started = processStartTime(holder.pid);
  return started === null || started === holder.started;
}

export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'lock.pid');
  const mine: Holder = { pid: process.pid, started: processStartTime(process.pid), token: crypto.randomUUID() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(mine), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readHolder(lockPath)?.token === mine.token) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(lockPath);
      if (holder && holdsLock(holder)) throw new DataDirLockedError(dataDir, holder.pid);
      // A stale lock left by a crashed process (its PID dead or reused), or our own from before
      // a hot reload.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock on DATA_DIR "${dataDir}"`);
}
