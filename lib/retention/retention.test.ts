import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { logsApp } from '@/lib/db/schema';
import { createTestDatabase, drivers } from '@/tests/support/db';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
});
const { noteAppLogRowsWritten, pruneAppLogs, pruneRetainedOnce, LOCK_OUT_RETENTION } = await import('./retention');
const { securityEventMessages } = await import('@/lib/log/security-event-rows');

describe.each(drivers)('logs_app retention (%s)', (driver) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(driver);
  });
  afterAll(() => db.close());
  beforeEach(() => asSystem(db, 'test-setup', (sys) => sys.delete(logsApp)));

  /** `count` rows, one a second back from `newest` seconds ago, messages numbered newest first. */
  const insert = (count: number, { newestSecondsAgo = 0, prefix = 'row' } = {}) =>
    asSystem(db, 'test-setup', (sys) =>
      sys.execute(sql`insert into public.logs_app (ts, level, message)
        select now() - make_interval(secs => ${newestSecondsAgo} + i), 'info', ${prefix} || '-' || i from generate_series(0, ${count - 1}) as i`),
    );
  const messages = async () =>
    (await asSystem(db, 'test-setup', (sys) => sys.select({ message: logsApp.message }).from(logsApp)))
      .map((row) => row.message)
      .sort();

  it('removes rows older than the age limit and keeps the rest', async () => {
    await insert(3, { prefix: 'fresh' });
    await insert(4, { newestSecondsAgo: 3 * 86_400 + 60, prefix: 'old' });
    expect(await pruneAppLogs(db, { maxAgeDays: 3, maxRows: 1000 })).toEqual({ byAge: 4, byCount: 0 });
    expect(await messages()).toEqual(['fresh-0', 'fresh-1', 'fresh-2']);
  });

  it('keeps only the newest maxRows rows, in chunks', async () => {
    await insert(250);
    expect(await pruneAppLogs(db, { maxAgeDays: 30, maxRows: 100 }, 7)).toEqual({ byAge: 0, byCount: 150 });
    const kept = await messages();
    expect(kept).toHaveLength(100);
    expect(kept).toEqual(Array.from({ length: 100 }, (_, i) => `row-${i}`).sort());
    expect(await pruneAppLogs(db, { maxAgeDays: 30, maxRows: 100 })).toEqual({ byAge: 0, byCount: 0 });
  });

  it('keeps exactly maxRows when a batched insert shares one timestamp at the boundary', async () => {
    await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(logsApp)
        .values(Array.from({ length: 60 }, (_, i) => ({ level: 'info' as const, message: `batch-${i}` }))),
    );
    await insert(50, { newestSecondsAgo: 10, prefix: 'older' });
    await pruneAppLogs(db, { maxAgeDays: 30, maxRows: 80 });
    let kept = await messages();
    expect(kept).toHaveLength(80);
    expect(kept.filter((m) => m.startsWith('older'))).toEqual(
      Array.from({ length: 20 }, (_, i) => `older-${i}`).sort(),
    );
    await pruneAppLogs(db, { maxAgeDays: 30, maxRows: 50 }, 7);
    kept = await messages();
    expect(kept).toHaveLength(50);
    expect(kept.every((m) => m.startsWith('batch'))).toBe(true);
  });

  it('prunes at once after a writer reports many rows, and when the job runs, one run at a time', async () => {
    const rules = { maxAgeDays: 30, maxRows: 100 };
    await insert(300);
    expect(noteAppLogRowsWritten(db, 50, rules)).toBeNull();
    await noteAppLogRowsWritten(db, 60, rules);
    expect(await messages()).toHaveLength(100);
    await insert(40, { newestSecondsAgo: 1000, prefix: 'later' });
    // The job (lib/cron/jobs.ts), called twice at once: the second call shares the first's run.
    const [first, second] = [pruneRetainedOnce(db), pruneRetainedOnce(db)];
    expect(second).toBe(first);
    expect(await first).toEqual({ byAge: 0, byCount: 40, insightRows: 0, spamMessages: 0 });
    expect(await messages()).toHaveLength(100);
  });

  it('keeps security events apart: no number of other rows pushes them out, and they have limits of their own', async () => {
    const security = (count: number, { newestSecondsAgo = 0, prefix = 'security' } = {}) =>
      asSystem(db, 'test-setup', (sys) =>
        sys.execute(sql`insert into public.logs_app (ts, level, type, message)
          select now() - make_interval(secs => ${newestSecondsAgo} + i), 'warn', 'security', ${prefix} || '-' || i from generate_series(0, ${count - 1}) as i`),
      );
    // The owner's real lock-outs, an hour old; then a flood of anonymous rows, newer.
    await security(3, { newestSecondsAgo: 3600, prefix: 'lock-out' });
    await insert(500, { prefix: 'telemetry' });
    expect(await pruneAppLogs(db, { maxAgeDays: 30, maxRows: 100 })).toEqual({ byAge: 0, byCount: 400 });
    const kept = await messages();
    expect(kept.filter((m) => m.startsWith('lock-out'))).toEqual(['lock-out-0', 'lock-out-1', 'lock-out-2']);
    expect(kept.filter((m) => m.startsWith('telemetry'))).toHaveLength(100);
    // Older than the logs' own 30 days, security events stay for their year...
    await security(2, { newestSecondsAgo: 40 * 86_400, prefix: 'last-month' });
    await security(1, { newestSecondsAgo: 400 * 86_400, prefix: 'last-year' });
    await pruneAppLogs(db, { maxAgeDays: 30, maxRows: 100 });
    expect((await messages()).filter((m) => !m.startsWith('telemetry'))).toEqual([
      'last-month-0',
      'last-month-1',
      'lock-out-0',
      'lock-out-1',
      'lock-out-2',
    ]);
    // ...and their own count limit.
    expect(await pruneAppLogs(db, { maxAgeDays: 30, maxRows: 100, securityMaxRows: 2 })).toEqual({
      byAge: 0,
      byCount: 3,
    });
    expect((await messages()).filter((m) => !m.startsWith('telemetry'))).toEqual(['lock-out-0', 'lock-out-1']);
  });

  it('keeps lock-outs apart again: a flood of 20,000 from as many addresses leaves the two-factor and password events', async () => {
    const event = (message: string, secondsAgo: number) =>
      asSystem(db, 'test-setup', (sys) =>
        sys.execute(
          sql`insert into public.logs_app (ts, level, type, feature, message) values (now() - make_interval(secs => ${secondsAgo}), 'info', 'security', 'auth', ${message})`,
        ),
      );
    // The owner's events, days old; then 20,000 lock-outs, each from an address of its own, newer.
    await event(securityEventMessages.twoFactorOff, 5 * 86_400);
    await event(securityEventMessages.passwordChanged, 4 * 86_400);
    await event(securityEventMessages.setupLinkUsed, 3 * 86_400);
    await asSystem(db, 'test-setup', (sys) =>
      sys.execute(sql`insert into public.logs_app (ts, level, type, feature, message, meta)
        select now() - make_interval(secs => i), 'warn', 'security', 'auth', ${securityEventMessages.lockOut}, jsonb_build_object('ip', '198.18.' || (i / 256) || '.' || (i % 256))
        from generate_series(0, 19999) as i`),
    );
    expect(await pruneAppLogs(db, { maxAgeDays: 30, maxRows: 100 })).toEqual({
      byAge: 0,
      byCount: 20_000 - LOCK_OUT_RETENTION.maxRows,
    });
    const kept = await messages();
    expect(kept.filter((m) => m !== securityEventMessages.lockOut)).toEqual(
      [
        securityEventMessages.setupLinkUsed,
        securityEventMessages.passwordChanged,
        securityEventMessages.twoFactorOff,
      ].sort(),
    );
    expect(kept.filter((m) => m === securityEventMessages.lockOut)).toHaveLength(LOCK_OUT_RETENTION.maxRows);
  });
});
