import type { Database, Tx } from '@/lib/db/port';

/**
 * The points of a write as its ports see them: each transaction just before it begins, each
 * statement inside it just before it runs, the moment its work is done but not yet committed,
 * the moment after its commit; each storage call just before it is made. Fault and crash tests
 * (write-faults.ts, write-fault-driver.ts) stop a write at any of them through the database and
 * storage they hand it, so the product carries no hook of its own for them.
 *
 * The same write reaches the same names on every run: transactions and their statements are
 * numbered in the order the write makes them ("transaction 2: statement 4 (insert into "artworks"
 * …)"); a storage call is named by what it stores ("storage: putPublic display.webp"), as the
 * image variants are stored side by side, in whichever order their encoding finishes.
 */
export type PortPoint = {
  name: string;
  kind: 'begin' | 'statement' | 'before-commit' | 'committed' | 'storage';
  /** Which transaction of the write (1, 2, …), for the four transaction kinds. */
  transaction?: number;
  /** A statement's SQL. */
  sql?: string;
  /** A transaction is open there: a failure rolls it back. */
  inTransaction: boolean;
  /** The open transaction itself (statements and before-commit), to look at what it has written. */
  tx?: Tx;
};

export type Observer = (point: PortPoint) => Promise<void> | void;

/** The database and storage a write is handed, each call reported to `observe` first (and held while it runs). */
export function observePorts<S extends object>(
  ports: { database: Database; storage: S },
  observe: Observer,
): { database: Database; storage: S } {
  const count = { transactions: 0, open: 0 };
  const storageNames = new Map<string, number>();

  const statements = (label: (n: number, sql: string) => string, inTransaction: () => boolean) => {
    let n = 0;
    return (target: object): PortPoint => {
      const query = target as { toSQL?: () => { sql: string }; getQuery?: () => { sql: string } };
      const sql = (query.toSQL?.() ?? query.getQuery?.())?.sql ?? '';
      return { name: label(++n, sql), kind: 'statement', sql, inTransaction: inTransaction() };
    };
  };

  const transaction = (run: Database['db']['transaction']): Database['db']['transaction'] =>
    (async (
      work: Parameters<Database['db']['transaction']>[0],
      config?: Parameters<Database['db']['transaction']>[1],
    ) => {
      const t = ++count.transactions;
      const at = (kind: PortPoint['kind'], what: string, inTransaction: boolean, tx?: Tx): PortPoint => ({
        name: `transaction ${t}: ${what}`,
        kind,
        transaction: t,
        inTransaction,
        tx,
      });
      await observe(at('begin', 'begin', count.open > 0));
      const result = await run(async (tx) => {
        count.open++;
        try {
          const statementAt = statements(
            (n, sql) => `transaction ${t}: statement ${n} (${shortSql(sql)})`,
            () => true,
          );
          const value = await work(
            wrapQueries(tx, (target) => ({ ...statementAt(target), transaction: t, tx }), observe),
          );
          await observe(at('before-commit', 'before commit', true, tx));
          return value;
        } finally {
          count.open--;
        }
      }, config);
      await observe(at('committed', 'committed', count.open > 0));
      return result;
    }) as Database['db']['transaction'];

  const outside = statements(
    (n, sql) => `outside a transaction: statement ${n} (${shortSql(sql)})`,
    () => count.open > 0,
  );
  const db = new Proxy(wrapQueries(ports.database.db, outside, observe), {
    get(target, prop, receiver) {
      return prop === 'transaction'
        ? transaction(ports.database.db.transaction.bind(ports.database.db))
        : Reflect.get(target, prop, receiver);
    },
  });

  const storage = new Proxy(ports.storage, {
    get(target, prop) {
      const value = Reflect.get(target, prop) as unknown;
      if (typeof value !== 'function' || typeof prop !== 'string') return value;
      return (...args: unknown[]) => {
        const base = `storage: ${prop} ${storageTarget(args[0])}`;
        const seen = (storageNames.get(base) ?? 0) + 1;
        storageNames.set(base, seen);
        const point: PortPoint = {
          name: seen === 1 ? base : `${base} (${seen})`,
          kind: 'storage',
          inTransaction: count.open > 0,
        };
        return Promise.resolve(observe(point)).then(() => (value as (...a: unknown[]) => unknown).apply(target, args));
      };
    },
  });

  return { database: { ...ports.database, db }, storage };
}

/** The database alone, observed as observePorts does. */
export function observeDatabase(database: Database, observe: Observer): Database {
  return observePorts({ database, storage: {} }, observe).database;
}

/** A stored file by its name without the upload's timestamp ("display.webp"); a list by its length. */
function storageTarget(arg: unknown): string {
  if (typeof arg === 'string') return arg.split('/').pop()!.replace(/^\d+-/, '');
  return Array.isArray(arg) ? `${arg.length} files` : '';
}

/** The statement's first words, enough to tell the statements of a write apart in a failure message. */
function shortSql(sql: string): string {
  const flat = sql.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 60)}…` : flat;
}

const targets = new WeakMap<object, object>();
const unwrap = (value: unknown) =>
  typeof value === 'object' && value !== null ? (targets.get(value) ?? value) : value;

/**
 * Drizzle's query builders run when awaited: `wrapQueries(db, …)` hands out the same objects
 * wrapped, so that awaiting one first reports its statement. Every method runs on the real
 * object with the real arguments; only what comes back is wrapped.
 */
function wrapQueries<T extends object>(root: T, pointOf: (target: object) => PortPoint, observe: Observer): T {
  const wrap = (target: object): object => {
    const proxy = new Proxy(target, {
      get(object, prop) {
        const value = Reflect.get(object, prop, object) as unknown;
        if (prop === 'then' && typeof value === 'function') {
          return (onFulfilled?: (v: unknown) => unknown, onRejected?: (e: unknown) => unknown) =>
            Promise.resolve()
              .then(() => observe(pointOf(object)))
              .then(() => (value as PromiseLike<unknown>['then']).call(object, (v) => v))
              .then(onFulfilled, onRejected);
        }
        if (typeof prop === 'symbol') return value;
        if (typeof value === 'function')
          return (...args: unknown[]) =>
            wrapped((value as (...a: unknown[]) => unknown).apply(object, args.map(unwrap)));
        return wrapped(value);
      },
    });
    targets.set(proxy, target);
    return proxy;
  };
  const wrapped = (value: unknown) => (typeof value === 'object' && value !== null ? wrap(value) : value);
  return wrap(root) as T;
}
