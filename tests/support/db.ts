import crypto from 'node:crypto';
import postgres from 'postgres';
import { inject } from 'vitest';
import { upsertLocalUser } from '@/lib/users/users';
import { openPglite } from '../../lib/db/pglite-adapter';
import { openPostgres } from '../../lib/db/postgres-adapter';
import type { Database } from '../../lib/db/port';
import type { Claims } from '../../lib/db/roles';

export const drivers = ['pglite', 'postgres'] as const;
export type Driver = (typeof drivers)[number];

/**
 * A fresh, migrated, empty database for one test file: PGlite from the migrated snapshot, or a
 * new database on the run's PostgreSQL server cloned from its migrated template.
 */
export async function createTestDatabase(driver: Driver): Promise<Database> {
  if (driver === 'pglite') return openPglite();
  const base = inject('postgresUrl');
  const name = `t_${crypto.randomUUID().replaceAll('-', '')}`;
  const admin = postgres(`${base}/postgres`, { onnotice: () => {}, max: 1 });
  try {
    await admin.unsafe(`create database ${name} template wc_template`);
  } finally {
    await admin.end();
  }
  const db = await openPostgres(`${base}/${name}`, { max: 4 });
  return {
    ...db,
    async close() {
      await db.close();
      const cleanup = postgres(`${base}/postgres`, { onnotice: () => {}, max: 1 });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Postgres error code of a failed query, through Drizzle's wrapper. */
export function postgresErrorCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.cause?.code ?? e?.code;
}

/** A local account made for a test, and the claims its requests carry. */
export async function testAccount(db: Database, email: string, { admin = false } = {}): Promise<Claims> {
  const user = await upsertLocalUser(db, { email, password: `${email} password`, admin });
  return { sub: user.id, email, role: 'authenticated' };
}
