import type { PGlite } from '@electric-sql/pglite';
import type { Sql } from 'postgres';
import type { SqlRunner } from './port';

// Each driver's SqlRunner (lib/db/port.ts): its raw SQL, for migrations, snapshots and system tasks.

export function pgliteRunner(pg: Pick<PGlite, 'exec' | 'query'> & { transaction?: PGlite['transaction'] }): SqlRunner {
  return {
    async exec(text) {
      await pg.exec(text);
    },
    async query<T extends Record<string, unknown>>(text: string, params: unknown[] = []) {
      return (await pg.query<T>(text, params)).rows;
    },
    async transaction(fn) {
      if (!pg.transaction) return fn(this);
      return pg.transaction((tx) => fn(pgliteRunner(tx)));
    },
  };
}

export function postgresRunner(sql: Sql): SqlRunner {
  return {
    async exec(text) {
      await sql.unsafe(text);
    },
    async query<T extends Record<string, unknown>>(text: string, params: unknown[] = []) {
      return (await sql.unsafe(text, params as never[])) as unknown as T[];
    },
    async transaction(fn) {
      return sql.begin((tx) => fn(postgresRunner(tx as unknown as Sql))) as Promise<never>;
    },
  };
}
