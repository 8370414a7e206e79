import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite-adapter';
import type { Database } from './port';
import { acquireDataDirLock, DataDirLockedError, processStartTime } from './lock';
import { asSystem } from './roles';
import { artworks } from './schema';

const run = promisify(execFile);
const tsx = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');

/** Runs a project script in a separate process, as a second server or CLI would. */
async function script(file: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(tsx, [file, ...args], { env: { ...process.env, ...env }, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('DATA_DIR lock', () => {
  let dataDir: string;
  let db: Database;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-lock-'));
    db = await openPglite({ dataDir });
    await asSystem(db, 'test-setup', (sys) => sys.insert(artworks).values({ title: 'Kept', slug: 'kept' }));
  });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second process with a clear error and leaves the database intact', async () => {
    const result = await script('scripts/users.ts', ['add', '--email', 'x@example.com', '--password', 'long enough'], {
      DATA_DIR: dataDir,
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`DATA_DIR "${dataDir}" is already open in another process (pid ${process.pid})`);
    const rows = await asSystem(db, 'test-setup', (sys) => sys.select({ slug: artworks.slug }).from(artworks));
    expect(rows).toEqual([{ slug: 'kept' }]);
  });

  it('takes over a stale lock left by a dead process', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-stale-'));
    fs.writeFileSync(path.join(dir, 'lock.pid'), '999999');
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'lock.pid'), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(fs.existsSync(path.join(dir, 'lock.pid'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('takes over a lock whose PID now belongs to an unrelated live process (PID reused after a crash)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-reused-'));
    const unrelated = spawn('sleep', ['30']);
    try {
      await new Promise((resolve) => unrelated.once('spawn', resolve));
      // What a crashed server left: its PID, now taken by `sleep`, which started at another time.
      fs.writeFileSync(
        path.join(dir, 'lock.pid'),
        JSON.stringify({ pid: unrelated.pid, started: '1', token: 'crashed' }),
      );
      const release = acquireDataDirLock(dir);
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'lock.pid'), 'utf8'))).toMatchObject({ pid: process.pid });
      release();
      // The same PID recorded with its real start time is a live holder: refused.
      fs.writeFileSync(
        path.join(dir, 'lock.pid'),
        JSON.stringify({ pid: unrelated.pid, started: processStartTime(unrelated.pid!), token: 'live' }),
      );
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    } finally {
      unrelated.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the holder in the error', () => {
    const error = new DataDirLockedError('/data', 42);
    expect(error.message).toMatch(/already open in another process \(pid 42\)/);
  });
});

describe('start-up with a malformed variable', () => {
  it.each([
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/db' }],
    ['PORT', { PORT: 'eighty' }],
  ])('stops and names %s', async (name, env) => {
    const result = await script('scripts/db-migrate.ts', [], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid environment configuration');
    expect(result.stderr).toContain(name);
  });
});
