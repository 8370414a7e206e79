import crypto from 'node:crypto';
import postgres from 'postgres';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from './client';

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
