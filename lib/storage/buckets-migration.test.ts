import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, drivers } from '@/tests/support/db';

const migration = fs.readFileSync(
  path.join(process.cwd(), 'supabase/migrations/20261122091000_storage_buckets.sql'),
  'utf8',
);

describe.each(drivers)('storage buckets migration on %s', (driver) => {
  it('is applied cleanly by the normal migration run (no storage schema: nothing to do)', async () => {
    const database = await createTestDatabase(driver);
    try {
      const rows = await database.runner.query(
        `select version from supabase_migrations.schema_migrations where version = '20261122091000'`,
      );
      expect(rows).toHaveLength(1);
      expect(await database.runner.query(`select to_regclass('storage.buckets')::text as t`)).toEqual([{ t: null }]);
    } finally {
      await database.close();
    }
  });
});

describe('storage buckets migration where Supabase Storage exists', () => {
  it('creates both buckets with size and type limits, idempotently, and no object policies', async () => {
    const pg = new PGlite();
    try {
      // The columns of Supabase's storage.buckets that the migration touches.
      await pg.exec(`
        create schema storage;
        create table storage.buckets (
          id text primary key, name text not null, owner uuid, public boolean default false,
          file_size_limit bigint, allowed_mime_types text[], created_at timestamptz default now()
        );
        create table storage.objects (id uuid primary key, bucket_id text, name text);
        alter table storage.objects enable row level security;`);
      await pg.exec(migration);
      await pg.exec(migration);
      const { rows } = await pg.query(
        'select id, public, file_size_limit, allowed_mime_types from storage.buckets order by id',
      );
      const types = ['image/webp', 'image/avif', 'image/jpeg', 'image/png'];
      expect(rows).toEqual([
        { id: 'artwork-originals', public: false, file_size_limit: 10485760, allowed_mime_types: types },
        { id: 'gallery-images', public: true, file_size_limit: 10485760, allowed_mime_types: types },
      ]);
      const policies = await pg.query(`select policyname from pg_policies where schemaname = 'storage'`);
      expect(policies.rows).toEqual([]);
    } finally {
      await pg.close();
    }
  });
});
