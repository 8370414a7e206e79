import { sql } from 'drizzle-orm';
import type { Database, Db, Tx } from './client';

/**
 * Who a query runs as. Visitor and user queries switch to Supabase's API roles inside a
 * transaction, with the user's claims, so row-level security decides what they may do exactly
 * as it would through Supabase's REST API. Only the named system tasks use the privileged
 * connection.
 */
export type Claims = { sub: string; email?: string | null; role: 'authenticated' };

export type SystemTask = 'migrate' | 'seed' | 'bootstrap' | 'auth' | 'cache-invalidation' | 'benchmark' | 'test-setup';

export async function withClaims<T>(database: Database, claims: Claims | null, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const role = claims ? 'authenticated' : 'anon';
  const jwt = JSON.stringify(claims ?? { role: 'anon' });
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('role', ${role}, true), set_config('request.jwt.claims', ${jwt}, true)`);
    return fn(tx);
  });
}

export function asVisitor<T>(database: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withClaims(database, null, fn);
}

export function asUser<T>(database: Database, claims: Claims, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withClaims(database, claims, fn);
}

/** The privileged path. `task` names why, so every use is greppable and reviewable. */
export function asSystem<T>(database: Database, task: SystemTask, fn: (db: Db) => Promise<T>): Promise<T> {
  void task;
  return fn(database.db);
}
