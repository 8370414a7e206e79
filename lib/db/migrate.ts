import fs from 'node:fs';
import path from 'node:path';
import type { SqlRunner } from './port';

const root = () => path.join(/*turbopackIgnore: true*/ process.cwd(), 'supabase');

export type Migration = { version: string; name: string; sql: string };

export function readMigrations(dir = path.join(root(), 'migrations')): Migration[] {
  return fs
    .readdirSync(/*turbopackIgnore: true*/ dir)
    .filter((file) => /^\d{14}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const [, version = '', name = ''] = /^(\d{14})_(.+)\.sql$/.exec(file) ?? [];
      return { version, name, sql: fs.readFileSync(path.join(dir, file), 'utf8') };
    });
}

/** Applies supabase/shim where Supabase's own auth schema and roles are missing. */
export async function applyShimIfMissing(runner: SqlRunner): Promise<boolean> {
  const [row] = await runner.query<{ present: boolean }>(
    `select to_regclass('auth.users') is not null and exists (select 1 from pg_roles where rolname = 'authenticated') as present`,
  );
  if (row?.present) return false;
  const shimDir = path.join(root(), 'shim');
  for (const file of fs
    .readdirSync(shimDir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    await runner.exec(fs.readFileSync(path.join(shimDir, file), 'utf8'));
  }
  return true;
}

/**
 * Applies pending migrations, each in its own transaction, recording them in the table the
 * Supabase CLI uses, so `supabase db push` and this runner agree on what has been applied.
 */
export async function migrate(runner: SqlRunner): Promise<string[]> {
  await applyShimIfMissing(runner);
  await runner.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key, statements text[], name text
    );`);
  const done = new Set(
    (await runner.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).map(
      (r) => r.version,
    ),
  );
  const applied: string[] = [];
  for (const migration of readMigrations()) {
    if (done.has(migration.version)) continue;
    await runner.transaction(async (tx) => {
      await tx.exec(migration.sql);
      await tx.query(
        'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
        [migration.version, migration.name, [migration.sql]],
      );
    });
    applied.push(`${migration.version}_${migration.name}`);
  }
  return applied;
}
