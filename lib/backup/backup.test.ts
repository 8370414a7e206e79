import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '@/lib/db/pglite-adapter';
import { asSystem } from '@/lib/db/roles';
import { artworks, newsletterConfirmSends, subscribers } from '@/lib/db/schema';
import { parseLocalRef } from '@/lib/storage/local-adapter';
import { createBackup, type BackupResult } from './backup';
import { restoreBackup } from './restore';

const run = promisify(execFile);
const tsx = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');
const SEEDED = 24;

/** Starts the stand-in server (tests/support/busy-server.fixture.ts) on a DATA_DIR; resolves once it writes. */
async function startBusyServer(
  dataDir: string,
  args: string[] = [],
): Promise<{ child: ChildProcess; stop: () => Promise<void> }> {
  // node --import tsx rather than the tsx CLI, so the child's PID is the lock holder's.
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/busy-server.fixture.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      if (/^ready$/m.test(output)) resolve();
    });
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`busy server exited (${code}):\n${output}`)));
  });
  return {
    child,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Every artwork of a DATA_DIR and whether each of its stored files is there, read as the server would open it. */
async function inspect(dataDir: string) {
  const db = await openPglite({ dataDir });
  try {
    const rows = await asSystem(db, 'test-setup', (sys) => sys.select().from(artworks));
    const files = rows
      .flatMap((row) => [row.imageUrl, row.imageThumb400Url, row.imageThumb800Url, row.imageOriginalUrl])
      .flatMap((ref) => {
        const local = ref ? parseLocalRef(ref) : undefined;
        return local ? [{ ...local, file: path.join(dataDir, 'uploads', local.visibility, local.key) }] : [];
      });
    return { slugs: rows.map((row) => row.slug).sort(), files };
  } finally {
    await db.close();
  }
}

function expectFilesPresent(files: { key: string; file: string }[]) {
  const absent = files.filter((f) => !fs.existsSync(f.file)).map((f) => f.key);
  expect(absent).toEqual([]);
  for (const { key, file } of files) {
    if (key.startsWith('churn/')) expect(fs.readFileSync(file, 'utf8')).toBe(`churn file ${key}`);
    else expect(fs.statSync(file).size).toBeGreaterThan(0);
  }
}

async function cli(script: 'backup' | 'restore', args: string[], dataDir: string) {
  try {
    const { stdout, stderr } = await run(tsx, [`scripts/${script}.ts`, ...args], {
      env: { ...process.env, DATA_DIR: dataDir },
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run backup and npm run restore (embedded mode)', () => {
  let tmp: string;
  let live: string;
  let busy: Awaited<ReturnType<typeof startBusyServer>> | undefined;
  let backup: BackupResult;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-backup-'));
    live = path.join(tmp, 'live');
    busy = await startBusyServer(live);
  });
  afterAll(async () => {
    await busy?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('backs up from the running server while it adds and deletes artworks', async () => {
    backup = await createBackup({ dataDir: live, out: path.join(tmp, 'live.tar.gz') });
    expect(backup).toMatchObject({ source: 'live', missing: [] });
    expect(backup.artworks).toBeGreaterThan(SEEDED);
    // The six stories a new site is seeded with (docs/product.md, Stories), counted for the
    // restore's check.
    expect(backup.stories).toBe(6);
    // The staged snapshot (database copy and file links in DATA_DIR) is gone once archived.
    expect(fs.readdirSync(live).filter((name) => name.startsWith('.backup-'))).toEqual([]);
    // A standard archive: the system's tar reads it.
    const { stdout } = await run('tar', ['-tzf', backup.file]);
    const entries = stdout.trim().split('\n');
    expect(entries[0]).toBe('db.tar');
    expect(entries.at(-1)).toBe('watercolour-backup.json');
    expect(entries.filter((entry) => entry.startsWith('uploads/'))).toHaveLength(backup.files);
  });

  it('restores into a fresh DATA_DIR: the database opens, with every artwork and every file it refers to', async () => {
    const fresh = path.join(tmp, 'fresh');
    const result = await restoreBackup({ archive: backup.file, dataDir: fresh });
    expect(result).toMatchObject({ previous: null, artworks: backup.artworks });
    const restored = await inspect(fresh);
    expect(restored.slugs).toHaveLength(backup.artworks);
    expect(restored.slugs.filter((slug) => slug.startsWith('churn-')).length).toBeGreaterThan(0);
    expect(restored.files.length).toBeGreaterThanOrEqual(SEEDED * 3);
    expectFilesPresent(restored.files);
  });

  it('refuses to restore while a process holds DATA_DIR, and changes nothing', async () => {
    const before = fs.readdirSync(live).sort();
    const result = await cli('restore', [backup.file], live);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`DATA_DIR "${live}" is open in process ${busy!.child.pid}`);
    expect(result.stderr).toContain('Stop it first');
    expect(fs.readdirSync(live).sort()).toEqual(before);
  });

  it('restores over an existing DATA_DIR with the server stopped, keeping the previous one aside', async () => {
    await busy!.stop();
    busy = undefined;
    const previousState = await inspect(live);
    const result = await cli('restore', [backup.file], live);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(`Restored ${backup.artworks} artworks`);
    const [aside] = fs.readdirSync(live).filter((name) => name.startsWith('before-restore-'));
    expect(aside).toBeDefined();
    expect((await inspect(path.join(live, aside!))).slugs).toEqual(previousState.slugs);
    const restored = await inspect(live);
    expect(restored.slugs).toHaveLength(backup.artworks);
    // The server went on deleting after the snapshot: those artworks are back, files and all.
    expect(restored.slugs.filter((slug) => !previousState.slugs.includes(slug)).length).toBeGreaterThan(0);
    expectFilesPresent(restored.files);
    expect(fs.readdirSync(live).filter((name) => name.startsWith('.restoring-'))).toEqual([]);
  });

  it('backs up a stopped DATA_DIR itself, and the copy restores the same artworks', async () => {
    const result = await cli('backup', [path.join(tmp, 'offline.tar.gz')], live);
    expect(result.stdout).toContain('with no server running');
    const copy = path.join(tmp, 'copy');
    await restoreBackup({ archive: path.join(tmp, 'offline.tar.gz'), dataDir: copy });
    expect((await inspect(copy)).slugs).toEqual((await inspect(live)).slugs);
  });

  it('keeps the newsletter’s subscribers, every column of each status, through a backup and a restore', async () => {
    const day = 24 * 60 * 60_000;
    const at = new Date('2026-12-01T10:00:00Z');
    const later = (days: number) => new Date(at.getTime() + days * day);
    const consent = 'Subscribe to my newsletter for updates on new art and exhibitions.';
    const db = await openPglite({ dataDir: live });
    let before;
    try {
      await asSystem(db, 'test-setup', async (sys) => {
        await sys.insert(subscribers).values([
          {
            email: 'pending@example.com',
            name: 'Pending',
            consent,
            consentedAt: at,
            requestedAt: at,
            confirmToken: 'p'.repeat(43),
            confirmExpiresAt: later(7),
            confirmSentAt: at,
            senderKey: 'block-a',
          },
          {
            email: 'confirmed@example.com',
            name: 'Confirmed',
            consent,
            consentedAt: at,
            requestedAt: at,
            status: 'confirmed',
            confirmedAt: later(1),
            confirmToken: 'c'.repeat(43),
            confirmExpiresAt: later(7),
            confirmSentAt: at,
            discountCode: 'PRINTS-7K3M9QXA',
          },
          {
            email: 'left@example.com',
            name: 'Left',
            consent,
            consentedAt: at,
            requestedAt: at,
            status: 'unsubscribed',
            confirmedAt: later(1),
            unsubscribedAt: later(2),
            discountCode: 'PRINTS-B4NDT0WZ',
          },
        ]);
        await sys.insert(newsletterConfirmSends).values({ senderKey: 'block-a', sentAt: at });
      });
      before = await asSystem(db, 'test-setup', (sys) => sys.select().from(subscribers).orderBy(subscribers.email));
    } finally {
      await db.close();
    }
    const archive = path.join(tmp, 'subscribers.tar.gz');
    expect(await createBackup({ dataDir: live, out: archive })).toMatchObject({ subscribers: 3 });
    const copy = path.join(tmp, 'subscribers-copy');
    expect(await restoreBackup({ archive, dataDir: copy })).toMatchObject({ subscribers: 3 });
    const restored = await openPglite({ dataDir: copy });
    try {
      expect(
        await asSystem(restored, 'test-setup', (sys) => sys.select().from(subscribers).orderBy(subscribers.email)),
      ).toEqual(before);
      expect(
        await asSystem(restored, 'test-setup', (sys) =>
          sys.select({ senderKey: newsletterConfirmSends.senderKey }).from(newsletterConfirmSends),
        ),
      ).toEqual([{ senderKey: 'block-a' }]);
    } finally {
      await restored.close();
    }
  });

  it('refuses clearly to back up a DATA_DIR held by a process that does not answer backup requests', async () => {
    const silent = await startBusyServer(live, ['--silent']);
    try {
      await expect(createBackup({ dataDir: live, out: path.join(tmp, 'never.tar.gz') })).rejects.toThrow(
        `DATA_DIR "${live}" is held by process ${silent.child.pid}, which does not answer backup requests`,
      );
      expect(fs.existsSync(path.join(tmp, 'never.tar.gz'))).toBe(false);
    } finally {
      await silent.stop();
    }
  });

  it('refuses a damaged archive and leaves DATA_DIR as it was', async () => {
    const cut = path.join(tmp, 'cut.tar.gz');
    const whole = fs.readFileSync(backup.file);
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.9)));
    const before = fs.readdirSync(live).sort();
    await expect(restoreBackup({ archive: cut, dataDir: live })).rejects.toThrow(
      /not a usable backup.*Nothing was changed/,
    );
    expect(fs.readdirSync(live).sort()).toEqual(before);
  });
});
