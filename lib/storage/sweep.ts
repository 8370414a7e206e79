import type { Database } from '@/lib/db/port';
import type { StorageInventory, StoragePort, StoredFile } from './port';
import { referencedKeys } from './references';

/**
 * The orphan sweep: removes stored files that no row refers to once they are older than a grace
 * period. Orphans come from a process that died between storing an upload and saving it, or
 * between a write and removing the files it replaced; every write removes its own leftovers
 * when it can, and this finds the rest.
 *
 * It never removes a referenced file: references are read after the listing (a file written
 * later is not listed at all) and read again just before removing, and an upload in flight is
 * protected twice, by its pending_uploads row and by the grace period, which must be longer
 * than an upload takes to be recorded.
 */
export const DEFAULT_GRACE_MS = 60 * 60 * 1000;
const REMOVE_BATCH = 100;

export type SweepStorage = Pick<StoragePort, 'remove'> & StorageInventory;

export type SweepOptions = {
  database: Database;
  storage: SweepStorage;
  /** How old an unreferenced file must be before it is an orphan (default one hour). */
  graceMs?: number;
  /** Remove the orphans; without it the sweep only reports them (a dry run). */
  apply?: boolean;
  now?: Date;
};

export type Orphan = { ref: string; key: string; size: number; modifiedAt: Date };

export type SweepReport = {
  apply: boolean;
  graceMs: number;
  /** Files listed in storage. */
  scanned: number;
  /** Files a row refers to (an artwork, or an upload not yet saved). */
  referenced: number;
  /** Unreferenced files younger than the grace period: kept (an upload may be in flight). */
  recent: number;
  /** Files under names no key of ours can have: never touched. */
  foreign: number;
  orphans: Orphan[];
  orphanBytes: number;
  removed: number;
  removedBytes: number;
  errors: string[];
  durationMs: number;
};

export async function sweepOrphans({
  database,
  storage,
  graceMs = DEFAULT_GRACE_MS,
  apply = false,
  now = new Date(),
}: SweepOptions): Promise<SweepReport> {
  const started = performance.now();
  const report: SweepReport = {
    apply,
    graceMs,
    scanned: 0,
    referenced: 0,
    recent: 0,
    foreign: 0,
    orphans: [],
    orphanBytes: 0,
    removed: 0,
    removedBytes: 0,
    errors: [],
    durationMs: 0,
  };
  const finish = () => ({ ...report, durationMs: Math.round(performance.now() - started) });
  const cutoff = now.getTime() - graceMs;
  // An upload stays referenced until it expires, and a grace period longer: a save that claimed
  // it just before it expired may still be committing.
  const references = () => referencedKeys(database, { pendingSince: new Date(cutoff) });

  const files: StoredFile[] = [];
  let referenced: Set<string>;
  try {
    for await (const file of storage.list()) files.push(file);
    referenced = await references();
  } catch (error) {
    report.errors.push(`Nothing removed: ${message(error)}`);
    return finish();
  }

  for (const file of files) {
    report.scanned++;
    if (file.ref === null) report.foreign++;
    else if (referenced.has(file.key)) report.referenced++;
    else if (file.modifiedAt.getTime() > cutoff) report.recent++;
    else report.orphans.push({ ref: file.ref, key: file.key, size: file.size, modifiedAt: file.modifiedAt });
  }
  report.orphanBytes = sum(report.orphans);
  if (!apply || report.orphans.length === 0) return finish();

  let doomed: Orphan[];
  try {
    const again = await references();
    doomed = report.orphans.filter((orphan) => !again.has(orphan.key));
  } catch (error) {
    report.errors.push(`Nothing removed: ${message(error)}`);
    return finish();
  }
  for (let at = 0; at < doomed.length; at += REMOVE_BATCH) {
    const batch = doomed.slice(at, at + REMOVE_BATCH);
    try {
      const result = await storage.remove(batch.map((orphan) => orphan.ref));
      const removed = new Set(result.removed);
      report.removed += removed.size;
      report.removedBytes += sum(batch.filter((orphan) => removed.has(orphan.ref)));
      if (result.refused.length > 0) report.errors.push(`Storage refused to remove ${result.refused.join(', ')}`);
    } catch (error) {
      report.errors.push(`Removing ${batch.length} files failed: ${message(error)}`);
    }
  }
  return finish();
}

const sum = (files: { size: number }[]) => files.reduce((total, file) => total + file.size, 0);
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
