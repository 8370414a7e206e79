import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { cronJobs } from './jobs';

vi.mock('server-only', () => ({}));
vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
});

const fakeDb = () => ({ kind: 'postgres' }) as unknown as Database;

describe('where the scheduled jobs run', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('on a Node server, on timers of its own: one per job of the table', async () => {
    vi.useFakeTimers();
    vi.stubEnv('VERCEL', '');
    const { startScheduledJobs } = await import('./index');
    const schedule = startScheduledJobs(fakeDb());
    expect(vi.getTimerCount()).toBe(Object.keys(cronJobs).length);
    schedule.stop();
  });

  it('on Vercel, none: Vercel Cron calls the jobs', async () => {
    vi.useFakeTimers();
    vi.stubEnv('VERCEL', '1');
    vi.stubEnv('DATABASE_URL', 'postgres://u:p@db.example.com:6543/postgres');
    const { startScheduledJobs } = await import('./index');
    startScheduledJobs(fakeDb());
    expect(vi.getTimerCount()).toBe(0);
  });

  it("Vercel Cron's calls are checked against CRON_SECRET from the environment", async () => {
    vi.stubEnv('CRON_SECRET', '');
    let { runCronJob } = await import('./index');
    expect((await runCronJob('log-retention', 'Bearer anything')).status).toBe(503);
    vi.resetModules();
    vi.stubEnv('CRON_SECRET', 'a cron secret of the test, long enough');
    ({ runCronJob } = await import('./index'));
    // Refused before the job runs: the database is never opened.
    expect((await runCronJob('log-retention', 'Bearer a wrong secret of the same size!')).status).toBe(401);
  });
});
