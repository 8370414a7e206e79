import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { RequestDouble } from '@/tests/support/request-double';

// The /__debug checks' local equivalents in embedded mode, on a seeded database with its files.
const scope = vi.hoisted(() => {
  Object.assign(process.env, { LOG_LEVEL: 'silent' });
  return {
    db: undefined as Database | undefined,
    hang: false,
    root: '',
    request: undefined as unknown as RequestDouble,
  };
});
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => scope.request.cookieStore(),
  headers: async () => scope.request.headers,
}));
vi.mock('@/lib/database', () => ({
  database: () => (scope.hang ? new Promise(() => {}) : Promise.resolve(scope.db!)),
}));
vi.mock('@/lib/storage', async () => {
  const { createLocalStorage } = await import('@/lib/storage/local-adapter');
  return { storage: () => createLocalStorage(scope.root) };
});

const { runProbe } = await import('./probes');
const { createTestDatabase } = await import('@/tests/support/db');
const { seedDatabase } = await import('@/lib/seed/seed');

const afterThrottle = () => new Promise((resolve) => setTimeout(resolve, 1_050));

describe('the embedded-mode probes behind /__debug', () => {
  beforeAll(async () => {
    scope.request = new RequestDouble();
    scope.root = await fs.mkdtemp(path.join(os.tmpdir(), 'probes-'));
    scope.db = await createTestDatabase('pglite');
    await seedDatabase(scope.db, { files: true, storageRoot: scope.root, limit: 1 });
  });
  afterAll(async () => {
    await scope.db?.close();
    await fs.rm(scope.root, { recursive: true, force: true });
  });

  it('auth: the local auth endpoint refuses a request without a session with 401', async () => {
    expect(await runProbe('auth')).toEqual({
      status: 401,
      body: { message: 'No session: the local auth endpoint refuses a request without one.' },
    });
  });

  it('rest: reads public.debug_now as a visitor, in the shape Supabase answers', async () => {
    const { status, body } = await runProbe('rest');
    expect(status).toBe(200);
    const [row] = body as { server_time: string }[];
    expect(Math.abs(Date.parse(row!.server_time) - Date.now())).toBeLessThan(60_000);
  });

  it('storage: reads a public file back through the storage port, and says so when it cannot', async () => {
    const { status, body } = await runProbe('storage');
    expect(status).toBe(200);
    const [file] = body as { name: string; size: number }[];
    expect(file!.name).toMatch(/^\/media\/.+-thumb-400\.webp$/);
    expect(file!.size).toBeGreaterThan(100);
    await fs.rm(path.join(scope.root, 'public', file!.name.slice('/media/'.length)));
    await afterThrottle();
    expect(await runProbe('storage')).toEqual({
      status: 500,
      body: { message: `Storage could not read ${file!.name}.` },
    });
  });

  it('answers the content-blocker bait, and 404 for anything else', async () => {
    expect(await runProbe('ads.js')).toEqual({ status: 200, body: { ok: true } });
    expect((await runProbe('users')).status).toBe(404);
  });

  it('says the database did not answer, within 2 seconds, when it hangs', async () => {
    scope.hang = true;
    await afterThrottle();
    const started = Date.now();
    expect(await runProbe('rest')).toEqual({ status: 503, body: { message: 'The site’s database did not answer.' } });
    expect(Date.now() - started).toBeLessThan(2_000);
    scope.hang = false;
  });
});
