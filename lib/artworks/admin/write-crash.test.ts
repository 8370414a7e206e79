import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openPglite } from '@/lib/db/pglite-adapter';
import type { Database } from '@/lib/db/port';
import type { Claims } from '@/lib/db/roles';
import { createTestDatabase, testAccount } from '@/tests/support/db';
import { expectSettlesAfterFault, inspectStorage, resetTo } from '@/tests/support/storage-invariants';
import { createTestStorage, type StorageKind, type TestStorage } from '@/tests/support/test-storages';
import type { CrashJob, DriverInput } from '@/tests/support/write-fault-driver';
import {
  flowNames,
  flows,
  reachedPoints,
  type FlowName,
  type Prepared,
  type Reached,
  type World,
} from '@/tests/support/write-flows';

// A process killed (SIGKILL) at every point of the admin's writes, as their ports see them
// (tests/support/port-points.ts): a child process runs the write and kills itself at one point;
// the database is then reopened as after a crash. No row points at a missing file, no row is half-written, and the sweep finds
// exactly what the dead process left. Embedded PGlite with local files, and a Postgres server
// with Supabase Storage (its HTTP double), between them cover both drivers and both adapters.

const driverScript = path.join(process.cwd(), 'tests/support/write-fault-driver.ts');
const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'write-crash-reached-'));
afterAll(() => fs.rm(scratch, { recursive: true, force: true }));

type Setup = {
  driver: 'pglite' | 'postgres';
  storage: StorageKind;
};
const setups: Setup[] = [
  { driver: 'pglite', storage: 'local' },
  { driver: 'postgres', storage: 'supabase' },
];

/** The database, open or closed around each child: a PGlite folder is opened by one process at a time. */
type Host = {
  open(): Promise<Database>;
  close(database: Database): Promise<void>;
  childDatabase: () => Promise<DriverInput['database']>;
  dispose(): Promise<void>;
};

async function pgliteHost(): Promise<Host> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'write-crash-'));
  return {
    open: () => openPglite({ dataDir }),
    close: (database) => database.close(),
    childDatabase: async () => ({ kind: 'pglite', dataDir }),
    dispose: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
}

async function postgresHost(): Promise<Host> {
  const database = await createTestDatabase('postgres');
  const [row] = await database.runner.query<{ name: string }>('select current_database() as name');
  return {
    open: async () => database,
    close: async () => {},
    childDatabase: async () => ({ kind: 'postgres', url: `${inject('postgresUrl')}/${row!.name}` }),
    dispose: () => database.close(),
  };
}

function runChild(input: DriverInput): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    // Node itself with tsx's loader (not the tsx command, which would outlive its child and
    // answer with an exit code instead of the signal).
    const child = spawn(process.execPath, ['--import', 'tsx', driverScript, JSON.stringify(input)], {
      cwd: process.cwd(),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal, stderr }));
  });
}

type Point = Reached & { flow: FlowName };

/**
 * Where a kill is tried: every point outside a transaction, and inside each transaction the last
 * moment before its commit. A process killed anywhere inside a transaction loses all of it, so
 * one point there stands for the others; that one has the most written.
 */
const killedAt = ({ point }: Reached) => !point.inTransaction || point.kind === 'before-commit';

/**
 * Every (flow, point) into as few child processes as the driver allows (write-fault-driver.ts):
 * one job held inside a transaction per batch, last. (A held transaction keeps PGlite's only
 * connection, and on Postgres the published-counts row that every artwork insert and delete
 * updates, so a second one would wait for it.)
 */
function batches(points: Point[]): Point[][] {
  const inside = points.filter((p) => p.point.inTransaction);
  const outside = points.filter((p) => !p.point.inTransaction);
  const groups: Point[][] = Array.from({ length: Math.max(1, inside.length) }, () => []);
  outside.forEach((p, i) => groups[i % groups.length]!.push(p));
  inside.forEach((p, i) => groups[i]!.push(p));
  return groups;
}

describe.each(setups)(
  'artwork writes killed at every point, on $driver with $storage storage',
  ({ driver, storage }) => {
    let host: Host;
    let store: TestStorage;
    let admin: Claims;
    let bystander: Prepared;
    const points: Point[] = [];

    /** Runs `work` with the database open, as this process's only opener. */
    async function withDatabase<T>(work: (world: World) => Promise<T>): Promise<T> {
      const database = await host.open();
      try {
        return await work({ database, storage: store.storage, admin });
      } finally {
        await host.close(database);
      }
    }

    beforeAll(async () => {
      host = driver === 'pglite' ? await pgliteHost() : await postgresHost();
      store = await createTestStorage(storage);
      await withDatabase(async (world) => {
        admin = await testAccount(world.database, 'owner@example.com', { admin: true });
        world.admin = admin;
        for (const flow of flowNames)
          for (const reached of await reachedPoints(world, flow))
            if (killedAt(reached)) points.push({ flow, ...reached });
        bystander = await flows.delete.prepare(world);
        await resetTo(world.database, store, [bystander.artworkId!]);
      });
    });
    afterAll(async () => {
      await host?.dispose();
      await store?.close();
    });

    it(
      'a write killed at any point leaves consistent data and only what the sweep removes',
      { timeout: 15 * 60_000 },
      async () => {
        // Both sides of every commit are tried (write-faults.test.ts checks the flows' calls).
        expect(points.some((p) => p.outcome === 'after')).toBe(true);
        expect(points.some((p) => p.point.kind === 'before-commit')).toBe(true);
        const groups = batches(points);
        const prepare = async (world: World, batch: Point[]) => {
          const jobs: CrashJob[] = [];
          for (const { flow, point } of batch)
            jobs.push({ flow, point: point.name, prepared: await flows[flow].prepare(world) });
          return { jobs, before: await inspectStorage(world.database, store) };
        };
        // One opening of the database per batch: check the last one, then prepare the next.
        let batch = await withDatabase((world) => prepare(world, groups[0]!));
        let killed = 0;
        for (let index = 0; index < groups.length; index++) {
          const { jobs, before } = batch;
          const batchPoints = groups[index]!;
          const what = jobs.map((job) => `${job.flow} at ${job.point}`).join(', ');
          const reachedFile = path.join(scratch, `reached-${driver}-${index}`);
          const child = await runChild({
            database: await host.childDatabase(),
            storage: store.config,
            admin,
            jobs,
            reachedFile,
          });
          expect(child.signal, `killed: ${what} (exit ${child.code}: ${child.stderr.slice(-2000)})`).toBe('SIGKILL');
          expect(
            (await fs.readFile(reachedFile, 'utf8')).trim().split('\n').map(Number),
            `every write reached its point: ${what}`,
          ).toEqual(jobs.map((_, i) => i));
          killed += jobs.length;

          batch = await withDatabase(async (world) => {
            // Each write is where it stood at that point of a run that was not killed: as before it,
            // or as after it once its transaction committed (outcome throws on a half-written row).
            // A crash neither loses a commit nor keeps half of one.
            for (const [i, job] of jobs.entries()) {
              expect(await flows[job.flow].outcome(world, job.prepared), `${job.flow} killed at ${job.point}`).toBe(
                batchPoints[i]!.outcome,
              );
            }
            const startedFrom = jobs.flatMap((job) => job.prepared.files);
            const after = await expectSettlesAfterFault({
              database: world.database,
              store,
              before,
              startedFrom,
              keep: bystander.files,
              at: `killed: ${what}`,
            });
            // The crash of the report, after an upload and before its save (the create flow's first
            // transaction records the upload): the 3 variants and the original are left, and the
            // sweep took them (above).
            for (const job of jobs.filter(
              (j, i) => j.flow === 'create' && batchPoints[i]!.point.name === 'transaction 1: begin',
            )) {
              expect(
                after.leftovers.filter((file) => file.includes(`/${job.prepared.slug}/`)),
                what,
              ).toHaveLength(4);
            }
            await resetTo(world.database, store, [bystander.artworkId!]);
            return index + 1 < groups.length ? prepare(world, groups[index + 1]!) : batch;
          });
        }
        expect(killed).toBe(points.length);
      },
    );
  },
);
