import { sql } from 'drizzle-orm';
import type { Database, Db, Tx } from './port';
import { reportDatabaseReachable, reportIfDatabaseUnreachable } from './health';

/**
 * Who a query runs as. Visitor and user queries switch to Supabase's API roles inside a
 * transaction, with the user's claims, so row-level security decides what they may do exactly
 * as it would through Supabase's REST API. Only the named system tasks use the privileged
 * connection.
 */
export type Claims = { sub: string; email?: string | null; role: 'authenticated' };

export type SystemTask =
  | 'migrate'
  | 'seed'
  | 'bootstrap'
  | 'auth'
  | 'cache-invalidation'
  | 'benchmark'
  | 'test-setup'
  | 'app-log'
  | 'storage-sweep'
  | 'insights'
  | 'messages'
  | 'stories'
  | 'newsletter'
  | 'shop';

type DbRole = 'anon' | 'authenticated' | 'app_admin';

async function withClaims<T>(
  database: Database,
  role: DbRole,
  claims: Claims | null,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  const jwt = JSON.stringify(claims ?? { role: 'anon' });
  return watched(
    database,
    database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', ${role}, true), set_config('request.jwt.claims', ${jwt}, true)`);
      return fn(tx);
    }),
  );
}

/** Every query goes through here: its outcome says whether a database server is reachable (lib/db/health.ts). */
function watched<T>(database: Database, work: Promise<T>): Promise<T> {
  if (database.kind !== 'postgres') return work;
  return work.then(
    (value) => {
      reportDatabaseReachable();
      return value;
    },
    (error: unknown) => {
      reportIfDatabaseUnreachable(error);
      throw error;
    },
  );
}

export function asVisitor<T>(database: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withClaims(database, 'anon', null, fn);
}

export function asUser<T>(database: Database, claims: Claims, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withClaims(database, 'authenticated', claims, fn);
}

/**
 * An admin's queries, only after requireAdmin(): the app_admin role may also select the
 * internal artwork columns (migration public_columns). Row policies still check is_admin()
 * against the claims, so the role alone shows a non-admin nothing more than asUser would.
 */
export function asAdmin<T>(database: Database, claims: Claims, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withClaims(database, 'app_admin', claims, fn);
}

/** The privileged path. `task` names why, so every use is greppable and reviewable. */
export function asSystem<T>(database: Database, task: SystemTask, fn: (db: Db) => Promise<T>): Promise<T> {
  void task;
  return watched(database, fn(database.db));
}
