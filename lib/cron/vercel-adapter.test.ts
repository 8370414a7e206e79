import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { logsApp } from '@/lib/db/schema';
import { createTestDatabase } from '@/tests/support/db';
import { recordInsights } from '@/lib/insights/store';

// The scheduled jobs' route logic (Vercel Cron calls GET /api/cron/{job} with the bearer secret),
// given CRON_SECRET, the database and the tag expiry as lib/cron/index.ts hands them in.
const scope = vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
  process.env.LOGS_APP_MAX_ROWS = '100';
  return { db: undefined as Database | undefined, secret: undefined as string | undefined };
});
const { answerCronCall } = await import('./vercel-adapter');
const runCronJob = (name: string, authorization: string | null) =>
  answerCronCall(name, authorization, { secret: scope.secret, database: async () => scope.db!, expire: () => {} });

describe('scheduled jobs called by Vercel Cron', () => {
  const secret = 'a cron secret of the test, long enough';
  beforeAll(async () => {
    scope.db = await createTestDatabase('pglite');
  });
  afterAll(() => scope.db?.close());

  const rows = async () =>
    (await asSystem(scope.db!, 'test-setup', (db) => db.select({ id: logsApp.id }).from(logsApp))).length;

  it('answers 503 and does nothing while CRON_SECRET is unset', async () => {
    scope.secret = undefined;
    expect(await runCronJob('log-retention', `Bearer ${secret}`)).toEqual({
      status: 503,
      body: { error: 'Scheduled jobs are not configured: set CRON_SECRET' },
    });
  });

  it('refuses a missing or wrong secret, and names no job it does not have', async () => {
    scope.secret = secret;
    await asSystem(scope.db!, 'test-setup', (db) =>
      db.execute(
        sql`insert into public.logs_app (level, message) select 'info', 'row-' || i from generate_series(1, 150) as i`,
      ),
    );
    for (const authorization of [
      null,
      '',
      secret,
      `Bearer ${secret}x`,
      `Bearer ${secret.slice(0, -1)}`,
      `bearer ${secret}`,
    ]) {
      expect((await runCronJob('log-retention', authorization)).status, String(authorization)).toBe(401);
    }
    expect(await rows()).toBe(150);
    expect((await runCronJob('drop-everything', `Bearer ${secret}`)).status).toBe(404);
  });

  it('runs log retention with the right secret: the logs, and the Insights older than two years', async () => {
    scope.secret = secret;
    const today = new Date();
    const daysAgo = (n: number) => new Date(today.getTime() - n * 86_400_000).toISOString().slice(0, 10);
    await recordInsights(scope.db!, [
      { kind: 'enquiry', day: daysAgo(731), artworkId: '11111111-1111-4111-8111-111111111111' },
      { kind: 'enquiry', day: daysAgo(1), artworkId: '11111111-1111-4111-8111-111111111111' },
    ]);
    const answer = await runCronJob('log-retention', `Bearer ${secret}`);
    expect(answer).toEqual({
      status: 200,
      body: { ok: true, job: 'log-retention', result: { byAge: 0, byCount: 50, insightRows: 1, spamMessages: 0 } },
    });
    expect(await rows()).toBe(100);
  });
});
