import type { BulkWriteStep } from '@/lib/bulk-manage/bulk';
import type { WriteStep } from '@/lib/artworks/admin/images';
import type { Database, Tx } from '@/lib/db/port';
import type { StorageInventory, StoragePort } from '@/lib/storage/port';

/**
 * Fault injection for the write-flow tests (lib/artworks/admin/write-faults.test.ts,
 * write-crash.test.ts). A fault strikes at one point of a flow and lasts:
 * - `database`: the database is unreachable from there on. A transaction open at that point
 *   fails at its next statement and rolls back; every later call fails.
 * - `lost-commit`: (inside a transaction) the transaction commits, but its answer is lost, as when
 *   the connection drops during COMMIT; every later call fails.
 * - `storage`: storage is unreachable from there on.
 * - `kill`: the process is killed there (SIGKILL), in a child process (write-fault-driver.ts).
 */
export const faultKinds = ['database', 'lost-commit', 'storage', 'kill'] as const;
export type FaultKind = (typeof faultKinds)[number];

/** The upload route's own steps, seen from the flow (lib/images/upload-handler.ts). */
export type UploadStep = 'upload:before-store' | 'upload:before-record';
export type FaultPoint = WriteStep | BulkWriteStep | UploadStep;

/** Called at every point of a flow; `tx` when a transaction is open there. */
export type Seam = (point: FaultPoint, tx?: Tx) => Promise<void> | void;

export class InjectedFault extends Error {
  constructor(what: string) {
    super(`injected fault: ${what}`);
    this.name = 'InjectedFault';
  }
}

export type FaultState = { databaseDown: boolean; storageDown: boolean; struck: boolean };

/** The seam that brings `kind` about at `point` (once). */
export function faultAt(kind: FaultKind, point: FaultPoint, state: FaultState): Seam {
  return async (reached, tx) => {
    if (reached !== point || state.struck) return;
    state.struck = true;
    if (kind === 'kill') {
      process.kill(process.pid, 'SIGKILL');
      await new Promise(() => {});
    }
    if (kind === 'storage') state.storageDown = true;
    if (kind === 'database' || kind === 'lost-commit') state.databaseDown = true;
    if (kind === 'database' && tx) throw new InjectedFault('the database connection was lost mid-transaction');
  };
}

/**
 * The database as the flow sees it: while `databaseDown`, every call fails; a transaction that
 * ran while it went down fails to answer even though it committed (see lost-commit).
 */
export function faultyDatabase(database: Database, state: FaultState): Database {
  const unreachable = () => {
    throw new InjectedFault('the database is unreachable');
  };
  const db = new Proxy(database.db, {
    get(target, prop) {
      if (prop === 'transaction') {
        return async (...args: Parameters<Database['db']['transaction']>) => {
          if (state.databaseDown) unreachable();
          const result = await target.transaction(...args);
          if (state.databaseDown) throw new InjectedFault('the connection was lost during COMMIT');
          return result;
        };
      }
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === 'function' && state.databaseDown ? unreachable : value;
    },
  });
  return { ...database, db };
}

/** Storage as the flow sees it: while `storageDown`, every call fails. */
export function faultyStorage(storage: StoragePort & StorageInventory, state: FaultState): StoragePort & StorageInventory {
  const guard =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      state.storageDown ? Promise.reject(new InjectedFault('storage is unreachable')) : call(...args);
  return {
    putPublic: guard(storage.putPublic),
    putPrivate: guard(storage.putPrivate),
    remove: guard(storage.remove),
    readPublic: guard(storage.readPublic),
    list: () => storage.list(),
  };
}
