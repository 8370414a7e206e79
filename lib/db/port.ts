import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/**
 * The database port: what the rest of the code holds of a database, whichever adapter opened it
 * (lib/db/pglite-adapter.ts, the embedded one; lib/db/postgres-adapter.ts, a server), as chosen
 * from the environment in lib/database/index.ts.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The few raw operations that migrations, snapshots and system tasks need from either driver. */
export type SqlRunner = {
  exec(text: string): Promise<void>;
  query<T extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>;
};

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  runner: SqlRunner;
  /** True when this open created the database (embedded first start): it needs seeding. */
  created: boolean;
  close(): Promise<void>;
};
