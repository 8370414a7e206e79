import type { Database } from '@/lib/db/port';
import type { StorageInventory, StoragePort } from '@/lib/storage/port';
import type { Observer, PortPoint } from './port-points';

/**
 * Fault injection for the write-flow tests (lib/artworks/admin/write-faults.test.ts,
 * write-crash.test.ts). A fault strikes at one point of a flow, as its ports see it
 * (port-points.ts), and lasts:
 * - `database`: the database is unreachable from there on. A transaction open at that point
 *   fails at its next statement and rolls back; every later call fails.
 * - `lost-commit`: (inside a transaction) the transaction commits, but its answer is lost, as when
 *   the connection drops during COMMIT; every later call fails.
 * - `storage`: storage is unreachable from there on.
 * - `kill`: the process is killed there (SIGKILL), in a child process (write-fault-driver.ts).
 */
export const faultKinds = ['database', 'lost-commit', 'storage', 'kill'] as const;
export type FaultKind = (typeof faultKinds)[number];

export class InjectedFault extends Error {
  constructor(what: string) {
    super(`injected fault: ${what}`);
    this.name = 'InjectedFault';
  }
}

export type FaultState = { databaseDown: boolean; storageDown: boolean; struck: boolean };

/** The observer that brings `kind` about at the point named `name` (once). */
export function faultAt(kind: FaultKind, name: string, state: FaultState): Observer {
  return async (reached: PortPoint) => {
    if (reached.name !== name || state.struck) return;
    state.struck = true;
    if (kind === 'kill') {
      process.kill(process.pid, 'SIGKILL');
      await new Promise(() => {});
    }
    if (kind === 'storage') state.storageDown = true;
    if (kind === 'database' || kind === 'lost-commit') state.databaseDown = true;
    if (kind === 'database' && reached.inTransaction)
      throw new InjectedFault('the database connection was lost mid-transaction');
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
export function faultyStorage(
  storage: StoragePort & StorageInventory,
  state: FaultState,
): StoragePort & StorageInventory {
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

/** An observer that throws `error` at the first point `matches`, for a test that needs one failure. */
export function failAt(matches: (point: PortPoint) => boolean, error: Error): Observer {
  let struck = false;
  return (point) => {
    if (struck || !matches(point)) return;
    struck = true;
    throw error;
  };
}
