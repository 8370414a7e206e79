// Writes killed mid-way, for lib/artworks/admin/write-crash.test.ts: runs flows of
// write-flows.ts against the given database and storage, each stopped at its own point, then
// kills its own process (SIGKILL). The test reopens the database and checks what is left.
//   node --import tsx tests/support/write-fault-driver.ts '<DriverInput as JSON>'
//
// The jobs start one after another, each once the one before is held at its point, so one
// process death stops several writes at several points. A job held inside a transaction keeps
// its connection and its row locks, so a batch has at most one such job, and it goes last.
import fs from 'node:fs';
import { openPglite } from '@/lib/db/pglite-adapter';
import { openPostgres } from '@/lib/db/postgres-adapter';
import type { Claims } from '@/lib/db/roles';
import { openTestStorage, type TestStorage } from './test-storages';
import { flows, observed, type Flow, type FlowName, type Prepared } from './write-flows';

/** `point`: the name of a point of the flow's calls (port-points.ts). */
export type CrashJob = { flow: FlowName; prepared: Prepared; point: string };

export type DriverInput = {
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  storage: TestStorage['config'];
  admin: Claims;
  jobs: CrashJob[];
  /** Where the driver notes each job that reached its point (synchronously, so a kill keeps it). */
  reachedFile: string;
};

const JOB_LIMIT_MS = 60_000;

async function main() {
  const input = JSON.parse(process.argv[2] ?? '') as DriverInput;
  const database =
    input.database.kind === 'pglite'
      ? await openPglite({ dataDir: input.database.dataDir })
      : await openPostgres(input.database.url, { max: input.jobs.length + 2 });
  const world = { database, storage: openTestStorage(input.storage), admin: input.admin };
  for (const [index, job] of input.jobs.entries()) {
    const flow: Flow = flows[job.flow];
    await new Promise<void>((held, failed) => {
      // A job that waits on another's lock never gets there: say so instead of hanging.
      setTimeout(
        () => failed(new Error(`${job.flow} did not reach ${job.point} within ${JOB_LIMIT_MS} ms`)),
        JOB_LIMIT_MS,
      ).unref();
      flow
        .run(
          observed(world, async (point) => {
            if (point.name !== job.point) return;
            fs.appendFileSync(input.reachedFile, `${index}\n`);
            held();
            await new Promise(() => {});
          }),
          job.prepared,
        )
        .then(() => failed(new Error(`${job.flow} finished without reaching ${job.point}`)), failed);
    });
  }
  process.kill(process.pid, 'SIGKILL');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(3);
});
