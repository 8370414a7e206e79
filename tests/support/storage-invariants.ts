import { lte, notInArray, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { artworks, pendingUploads } from '@/lib/db/schema';
import { sweepOrphans, type SweepReport } from '@/lib/storage/sweep';
import { expect } from 'vitest';
import type { TestStorage } from './test-storages';
import { imageFilesOf } from './write-flows';

/**
 * What the database and storage say about each other, computed by exact references (on purpose
 * not the way the sweep reads them), so a test can hold the sweep to it:
 * - `dangling`: references to files that do not exist, from artworks or from live uploads (a
 *   save of one would make an artwork point at a missing file);
 * - `leftovers`: stored files nothing refers to, the sweep's work.
 */
export type StorageState = {
  files: string[];
  artworkFiles: string[];
  pendingFiles: string[];
  dangling: string[];
  leftovers: string[];
};

export async function inspectStorage(database: Database, store: TestStorage): Promise<StorageState> {
  const { rows, pending } = await asSystem(database, 'test-setup', async (db) => ({
    rows: await db.select().from(artworks),
    pending: await db
      .select()
      .from(pendingUploads)
      .where(sql`${pendingUploads.expiresAt} > now()`),
  }));
  const files = await store.refs();
  const present = new Set(files);
  const artworkFiles = rows.flatMap(imageFilesOf);
  const pendingFiles = pending.flatMap((row) => row.files);
  const referenced = new Set([...artworkFiles, ...pendingFiles]);
  return {
    files,
    artworkFiles: sorted(artworkFiles),
    pendingFiles: sorted(pendingFiles),
    dangling: sorted([...referenced].filter((file) => !present.has(file))),
    leftovers: files.filter((file) => !referenced.has(file)),
  };
}

/**
 * Lets time pass and sweeps, twice: first with every file old (the leftovers go, uploads not yet
 * saved stay), then once those uploads have expired too (their files go). Afterwards storage
 * holds exactly the artworks' files and no upload is pending.
 */
export async function sweepAsTimePasses(
  database: Database,
  store: TestStorage,
): Promise<{ first: SweepReport; afterExpiry: SweepReport }> {
  await store.age(2 * 60 * 60 * 1000);
  const first = await sweepOrphans({ database, storage: store.storage, apply: true });
  await asSystem(database, 'test-setup', (db) =>
    db.update(pendingUploads).set({ expiresAt: sql`now() - interval '2 hours'` }),
  );
  const afterExpiry = await sweepOrphans({ database, storage: store.storage, apply: true });
  await asSystem(database, 'test-setup', (db) =>
    db.delete(pendingUploads).where(lte(pendingUploads.expiresAt, sql`now()`)),
  );
  return { first, afterExpiry };
}

/** Deletes every artwork but `keep`, and sweeps what they leave: each test case starts alike. */
export async function resetTo(database: Database, store: TestStorage, keep: string[]): Promise<void> {
  await asSystem(database, 'test-setup', (db) => db.delete(artworks).where(notInArray(artworks.id, keep)));
  await sweepAsTimePasses(database, store);
}

export const orphanRefs = (report: SweepReport) => sorted(report.orphans.map((orphan) => orphan.ref));

const sorted = (items: string[]) => [...items].sort();

/**
 * The checks after writes met a fault (write-faults.test.ts, write-crash.test.ts), once each
 * write's own outcome is checked: nothing refers to a missing file, only the writes' own files
 * are left over (new ones, or those of the artworks they started from; never another
 * artwork's), and the sweep, as time passes, finds exactly those and leaves storage holding
 * exactly the artworks' files.
 */
export async function expectSettlesAfterFault({
  database,
  store,
  before,
  startedFrom,
  keep,
  at,
}: {
  database: Database;
  store: TestStorage;
  before: StorageState;
  startedFrom: string[];
  keep: string[];
  at: string;
}): Promise<StorageState> {
  const after = await inspectStorage(database, store);
  expect(after.dangling, `${at}: references to missing files`).toEqual([]);
  const ours = (file: string) => !before.files.includes(file) || startedFrom.includes(file);
  expect(
    after.leftovers.filter((file) => !ours(file)),
    `${at}: files of other artworks left unreferenced`,
  ).toEqual([]);
  expect(after.files, `${at}: the files of artworks the writes did not touch`).toEqual(expect.arrayContaining(keep));

  const { first, afterExpiry } = await sweepAsTimePasses(database, store);
  expect(orphanRefs(first), `${at}: the sweep finds exactly the leftovers`).toEqual(after.leftovers);
  expect(orphanRefs(afterExpiry), `${at}: an unsaved upload's files go once it expires`).toEqual(after.pendingFiles);
  const settled = await inspectStorage(database, store);
  expect(settled.dangling, at).toEqual([]);
  expect(settled.files, `${at}: storage holds exactly the artworks' files`).toEqual(settled.artworkFiles);
  return after;
}
