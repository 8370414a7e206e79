import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asAdmin, asSystem, asUser, type Claims } from '@/lib/db/roles';
import { logsApp } from '@/lib/db/schema';
import { createTestDatabase, drivers, testAccount } from '@/tests/support/db';
import { clearAppLogs, listAppLogFeatures, listAppLogs, type AppLogCursor, type AppLogFilters } from './queries';

type Seed = {
  level?: 'debug' | 'info' | 'warn' | 'error' | 'fatal';
  feature?: string | null;
  message: string;
  ts: string;
  correlationId?: string;
};

describe.each(drivers)('Application Logs queries on %s', (driver) => {
  let database: Database;
  let admin: Claims;
  let member: Claims;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    admin = await testAccount(database, 'admin@example.com', { admin: true });
    member = await testAccount(database, 'member@example.com');
  });
  afterAll(() => database.close());
  beforeEach(() => asSystem(database, 'test-setup', (db) => db.delete(logsApp)));

  const seed = (rows: Seed[]) =>
    asSystem(database, 'test-setup', (db) =>
      db.insert(logsApp).values(
        rows.map((row) => ({
          level: row.level ?? 'info',
          feature: row.feature ?? null,
          message: row.message,
          ts: sql`${row.ts}::timestamptz`,
          correlationId: row.correlationId,
        })),
      ),
    );
  const list = (filters: AppLogFilters = {}, before?: AppLogCursor, pageSize?: number) =>
    asAdmin(database, admin, (tx) => listAppLogs(tx, filters, before, pageSize));
  const messages = async (filters: AppLogFilters = {}) => (await list(filters)).rows.map((row) => row.message);

  it('lists newest first by timestamp, 100 a page, with every field of the row', async () => {
    const base = Date.parse('2026-11-01T00:00:00Z');
    await seed(
      Array.from({ length: 105 }, (_, i) => ({ message: `event ${i}`, ts: new Date(base + i * 1000).toISOString() })),
    );
    const page = await list();
    expect(page.rows).toHaveLength(100);
    expect(page.rows[0]).toMatchObject({
      message: 'event 104',
      level: 'info',
      type: null,
      url: null,
      userId: null,
      correlationId: null,
      meta: null,
    });
    expect(page.rows[0]!.ts).toBeInstanceOf(Date);
    expect(page.rows.at(-1)!.message).toBe('event 5');
    expect(page.next).not.toBeNull();
    const rest = await list({}, page.next!);
    expect(rest.rows.map((row) => row.message)).toEqual(['event 4', 'event 3', 'event 2', 'event 1', 'event 0']);
    expect(rest.next).toBeNull();
  });

  it('pages by (timestamp, id): rows a microsecond apart or at the same instant are neither skipped nor repeated, and new rows do not shift a page', async () => {
    await seed([
      { message: 'a', ts: '2026-11-01 10:00:00.000001+00' },
      { message: 'b', ts: '2026-11-01 10:00:00.000002+00' },
      { message: 'c', ts: '2026-11-01 10:00:00.000002+00' },
      { message: 'd', ts: '2026-11-01 10:00:00.000003+00' },
      { message: 'e', ts: '2026-11-01 10:00:00.000003+00' },
    ]);
    const seen: string[] = [];
    let cursor: AppLogCursor | undefined;
    do {
      const page = await list({}, cursor, 2);
      seen.push(...page.rows.map((row) => row.message));
      // A row logged meanwhile is newer than every cursor: it never appears on a later page.
      await seed([{ message: `new ${seen.length}`, ts: '2026-11-02 00:00:00+00' }]);
      cursor = page.next ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen)).toEqual(new Set(['a', 'b', 'c', 'd', 'e']));
    expect(seen.slice(0, 2).sort()).toEqual(['d', 'e']);
    expect(seen.at(-1)).toBe('a');
  });

  it('filters by level, by feature and by text in the message (case-insensitive, % and _ literal), or by a whole correlation id', async () => {
    await seed([
      { level: 'error', feature: 'global', message: 'TypeError: x is undefined', ts: '2026-11-01T10:00:01Z' },
      {
        level: 'warn',
        feature: 'auth',
        message: 'Sign-in locked out',
        ts: '2026-11-01T10:00:02Z',
        correlationId: 'corr-1234567890',
      },
      {
        level: 'error',
        feature: 'artwork-images',
        message: 'Image removal failed: 100% full_disk',
        ts: '2026-11-01T10:00:03Z',
      },
      { level: 'info', feature: 'web-vitals', message: 'LCP', ts: '2026-11-01T10:00:04Z' },
      { level: 'info', feature: null, message: 'no feature', ts: '2026-11-01T10:00:05Z' },
    ]);
    expect(await messages({ level: 'error' })).toEqual([
      'Image removal failed: 100% full_disk',
      'TypeError: x is undefined',
    ]);
    expect(await messages({ feature: 'auth' })).toEqual(['Sign-in locked out']);
    expect(await messages({ q: 'typeerror' })).toEqual(['TypeError: x is undefined']);
    expect(await messages({ q: '100%' })).toEqual(['Image removal failed: 100% full_disk']);
    expect(await messages({ q: '%' })).toEqual(['Image removal failed: 100% full_disk']);
    expect(await messages({ q: 'l_c' })).toEqual([]);
    expect(await messages({ q: 'corr-1234567890' })).toEqual(['Sign-in locked out']);
    expect(await messages({ level: 'error', feature: 'global', q: 'undefined' })).toEqual([
      'TypeError: x is undefined',
    ]);
    expect(await messages({ level: 'fatal' })).toEqual([]);
    expect(await asAdmin(database, admin, (tx) => listAppLogFeatures(tx))).toEqual([
      'artwork-images',
      'auth',
      'global',
      'web-vitals',
    ]);
  });

  it('clears every row for an admin; a signed-in non-admin reads and clears nothing (row-level security)', async () => {
    await seed([
      { message: 'one', ts: '2026-11-01T10:00:01Z' },
      { message: 'two', ts: '2026-11-01T10:00:02Z' },
    ]);
    expect((await asUser(database, member, (tx) => listAppLogs(tx))).rows).toEqual([]);
    expect(await asUser(database, member, (tx) => clearAppLogs(tx))).toBe(0);
    expect(await messages()).toEqual(['two', 'one']);
    expect(await asAdmin(database, admin, (tx) => clearAppLogs(tx))).toBe(2);
    expect((await list()).rows).toEqual([]);
  });
});
