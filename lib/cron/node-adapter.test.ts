import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';

vi.mock('server-only', () => ({}));
vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
});
const { startNodeTimers } = await import('./node-adapter');
const { cronJobs } = await import('./jobs');

/** A database stand-in: the scheduler only hands it to the jobs. */
const fakeDb = () => ({ kind: 'pglite' }) as unknown as Database;

describe('the Node server runs the job table on timers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs each job first after its delay, then every interval, with the database and the tag expiry', async () => {
    vi.useFakeTimers();
    const runs: [string, number][] = [];
    const db = fakeDb();
    const expire = vi.fn();
    const schedule = startNodeTimers(db, {
      expire,
      jobs: {
        quick: {
          node: { firstAfterMs: 0, everyMs: 1_000 },
          run: async (ctx) => {
            runs.push(['quick', Date.now()]);
            expect(ctx).toEqual({ db, expire });
          },
        },
        daily: {
          node: { firstAfterMs: 30_000, everyMs: 86_400_000 },
          run: async () => {
            runs.push(['daily', Date.now()]);
          },
        },
      },
    });
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(3_500);
    expect(runs.map(([name, at]) => [name, at - start])).toEqual([
      ['quick', 0],
      ['quick', 1_000],
      ['quick', 2_000],
      ['quick', 3_000],
    ]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(runs.filter(([name]) => name === 'daily').map(([, at]) => at - start)).toEqual([30_000]);
    schedule.stop();
    const before = runs.length;
    await vi.advanceTimersByTimeAsync(86_400_000);
    expect(runs).toHaveLength(before);
  });

  it('skips a turn while the job is still running, and runs again after a failure', async () => {
    vi.useFakeTimers();
    let calls = 0;
    let release!: () => void;
    const schedule = startNodeTimers(fakeDb(), {
      expire: () => {},
      jobs: {
        slow: {
          node: { firstAfterMs: 0, everyMs: 1_000 },
          run: async () => {
            calls += 1;
            if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
            if (calls === 2) throw new Error('a failed run');
          },
        },
      },
    });
    await vi.advanceTimersByTimeAsync(3_500);
    expect(calls).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(3);
    schedule.stop();
  });

  it('gives a database one schedule however often start-up runs', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const db = fakeDb();
    const jobs = {
      once: {
        node: { firstAfterMs: 0, everyMs: 60_000 },
        run: async () => {
          calls += 1;
        },
      },
    };
    const first = startNodeTimers(db, { jobs, expire: () => {} });
    const second = startNodeTimers(db, { jobs, expire: () => {} });
    await vi.advanceTimersByTimeAsync(10);
    expect(calls).toBe(1);
    second.stop();
    first.stop();
  });

  it('the table it runs is the one Vercel Cron calls: every job in vercel.json and no other', async () => {
    const { default: vercel } = await import('../../vercel.json', { with: { type: 'json' } });
    expect(vercel.crons.map((cron: { path: string }) => cron.path).sort()).toEqual(
      Object.keys(cronJobs)
        .map((name) => `/api/cron/${name}`)
        .sort(),
    );
  });
});
