import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/port';
import { createTestDatabase, drivers, testAccount } from '@/tests/support/db';
import { expectSettlesAfterFault, inspectStorage, resetTo } from '@/tests/support/storage-invariants';
import { createTestStorage, storageKinds, type TestStorage } from '@/tests/support/test-storages';
import { faultAt, faultyDatabase, faultyStorage, type FaultKind, type FaultPoint } from '@/tests/support/write-faults';
import { fileWriteSteps, flowNames, flows, reachedPoints, type Flow, type FlowName, type Prepared, type World } from '@/tests/support/write-flows';

// Faults at every step of the admin's writes that touch files: the database failing, a
// commit whose answer is lost, storage failing, each from one point of a write on. Afterwards no
// row points at a missing file, no row is half-written, and the orphan sweep finds exactly what
// was left behind. (A killed process: write-crash.test.ts.)

type Reached = { point: FaultPoint; inTransaction: boolean };
const inProcessFaults = ['database', 'lost-commit', 'storage'] as const satisfies FaultKind[];

const combos = drivers.flatMap((driver) => storageKinds.map((kind) => [driver, kind] as const));

describe.each(combos)('artwork writes failing at every step, on %s with %s storage', (driver, kind) => {
  let database: Database;
  let store: TestStorage;
  let world: World;
  const reached = new Map<FlowName, Reached[]>();
  /** An artwork no flow touches: its files must come through every fault and sweep. */
  let bystander: Prepared;

  /** Back to the bystander alone, so each case starts from the same place. */
  async function reset() {
    await resetTo(database, store, [bystander.artworkId!]);
    expect(await store.refs()).toEqual([...bystander.files].sort());
  }

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    store = await createTestStorage(kind);
    world = { database, storage: store.storage, admin: await testAccount(database, 'owner@example.com', { admin: true }) };
    for (const name of flowNames) reached.set(name, await reachedPoints(world, name));
    bystander = await flows.delete.prepare(world);
    await reset();
  });
  afterAll(async () => {
    await database.close();
    await store.close();
  });

  it('the flows pass every step of save, delete and bulk delete', () => {
    const all = [...reached.values()].flat().map((r) => r.point);
    expect(fileWriteSteps.filter((step) => !all.includes(step))).toEqual([]);
    expect(reached.get('create')!.filter((r) => r.inTransaction).map((r) => r.point)).toEqual(['save:before-write', 'save:before-commit']);
  });

  describe.each(flowNames)('%s', (name) => {
    it.each(inProcessFaults)('%s failure at each step: no dangling reference, no half-written row, the sweep takes the leftovers', async (fault) => {
      const points = reached.get(name)!.filter((r) => fault !== 'lost-commit' || r.inTransaction);
      for (const { point, inTransaction } of points) {
        const at = `${name}, ${fault} at ${point}`;
        const flow: Flow = flows[name];
        const prepared = await flow.prepare(world);
        const before = await inspectStorage(database, store);
        const state = { databaseDown: false, storageDown: false, struck: false };
        const faulty: World = { ...world, database: faultyDatabase(database, state), storage: faultyStorage(store.storage, state) };
        const failed = await flow.run(faulty, prepared, faultAt(fault, point, state)).then(
          () => false,
          () => true,
        );
        expect(state.struck, at).toBe(true);
        state.databaseDown = false;
        state.storageDown = false;

        const outcome = await flow.outcome(world, prepared);
        await expectSettlesAfterFault({ database, store, before, startedFrom: prepared.files, keep: bystander.files, at });
        if (!failed) expect(outcome, `${at}: a write that reported success took effect`).toBe('after');
        if (fault === 'lost-commit') expect(outcome, `${at}: the commit stands`).toBe('after');
        if (fault === 'database' && inTransaction) expect(outcome, `${at}: the transaction rolled back`).toBe('before');
        await reset();
      }
    });
  });
});
