import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Database, Db } from './port';
import * as schema from './schema';
import { postgresRunner } from './sql-runner';
import { postgresTls } from './tls';

/** A PostgreSQL server (DATABASE_URL): Supabase's pooler, or any server of version 15 or later. */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  // prepare: false because Supabase's transaction pooler cannot keep prepared statements.
  const ssl = postgresTls(url);
  // connect_timeout: a database that does not answer fails a request in seconds (a calm 503,
  // lib/http/outage-response.ts) instead of after the driver's default of 30.
  const sql = postgres(url, {
    prepare: false,
    max: options.max ?? 10,
    connect_timeout: 2,
    onnotice: () => {},
    ...(ssl === undefined ? {} : { ssl }),
  });
  return {
    kind: 'postgres',
    db: drizzlePostgres({ client: sql, schema }) as unknown as Db,
    runner: postgresRunner(sql),
    created: false,
    close: () => sql.end({ timeout: 5 }),
  };
}
