import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { PgliteOptions } from '@/lib/db/pglite';
import * as schema from './schema';
import { postgresTls } from './tls';
import { postgresRunner, type SqlRunner } from './sql-runner';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  runner: SqlRunner;
  /** True when this open created the database (embedded first start): it needs seeding. */
  created: boolean;
  close(): Promise<void>;
};

export type { PgliteOptions };

/**
 * The embedded database (lib/db/pglite.ts), loaded only when it is opened: a server on
 * DATABASE_URL, and every Vercel function, never loads PGlite, so a Vercel build can leave it
 * out of its functions (next.config.ts).
 */
export async function openPglite(options: PgliteOptions = {}): Promise<Database> {
  return (await import('@/lib/db/pglite')).openPglite(options);
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  // prepare: false because Supabase's transaction pooler cannot keep prepared statements.
  const ssl = postgresTls(url);
  // connect_timeout: a database that does not answer fails a request in seconds (a calm 503,
  // lib/http/outage-response.ts) instead of after the driver's default of 30.
  const sql = postgres(url, { prepare: false, max: options.max ?? 10, connect_timeout: 2, onnotice: () => {}, ...(ssl === undefined ? {} : { ssl }) });
  return {
    kind: 'postgres',
    db: drizzlePostgres({ client: sql, schema }) as unknown as Db,
    runner: postgresRunner(sql),
    created: false,
    close: () => sql.end({ timeout: 5 }),
  };
}
