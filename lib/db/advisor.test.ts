import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './port';
import { createTestDatabase } from '../../tests/support/db';

type Lint = { name: string; level: 'ERROR' | 'WARN' | 'INFO'; detail: string };

/** Runs Supabase's advisor lints (supabase/tests/splinter.sql) with `public` as the API schema. */
async function runAdvisor(db: Database): Promise<Lint[]> {
  const text = fs.readFileSync(path.join(process.cwd(), 'supabase/tests/splinter.sql'), 'utf8');
  const query = text.replace(/^set local search_path = '';$/m, '');
  return db.runner.transaction(async (tx) => {
    // PostgREST's exposed schemas on Supabase: the lints check what the API can reach.
    await tx.exec(`set local search_path = ''; select set_config('pgrst.db_schemas', 'public', true);`);
    return tx.query<Lint>(query);
  });
}

describe("Supabase's Security and Performance Advisor on the migrated schema (PostgreSQL)", () => {
  let db: Database;
  let lints: Lint[];

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    lints = await runAdvisor(db);
  });
  afterAll(() => db.close());

  it('runs the lints (a schema this size always has informational findings)', () => {
    expect(lints.some((lint) => lint.name === 'unused_index' && lint.level === 'INFO')).toBe(true);
  });

  it('reports no warning and no error', () => {
    const findings = lints
      .filter((lint) => lint.level !== 'INFO')
      .map((lint) => `${lint.level} ${lint.name}: ${lint.detail}`);
    expect(findings).toEqual([]);
  });
});
