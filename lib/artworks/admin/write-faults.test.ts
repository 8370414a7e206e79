import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/port';
import { createTestDatabase, drivers, testAccount } from '@/tests/support/db';
import { expectSettlesAfterFault, inspectStorage, resetTo } from '@/tests/support/storage-invariants';
import { createTestStorage, storageKinds, type TestStorage } from '@/tests/support/test-storages';
import { faultAt, faultyDatabase, faultyStorage, type FaultKind } from '@/tests/support/write-faults';
import {
  flowNames,
  flows,
  observed,
  reachedPoints,
  type Flow,
  type FlowName,
  type Prepared,
  type Reached,
  type World,
} from '@/tests/support/write-flows';

// Faults at every point of the admin's writes that touch files, as their ports see them
// (tests/support/port-points.ts): the database failing, a commit whose answer is lost, storage
// failing, each from one point of a write on. Afterwards no row points at a missing file, no row
// is half-written, and the orphan sweep finds exactly what was left behind. (A killed process:
// write-crash.test.ts.)

const inProcessFaults = ['database', 'lost-commit', 'storage'] as const satisfies FaultKind[];

/**
 * Where each fault is tried. The database at every point, statements included: a write may fail
 * half-way through its transaction. A lost commit at each transaction's last moment before its
 * commit: the commit answers the same wherever in the transaction the connection went. Storage
 * at every point outside a transaction: no write calls storage inside one.
 */
const triedAt: Record<(typeof inProcessFaults)[number], (point: Reached['point']) => boolean> = {
  database: () => true,
  'lost-commit': (point) => point.kind === 'before-commit',
  storage: (point) => !point.inTransaction,
};

/** A flow's calls in short: each transaction once, the files stored together, each removal. */
function outline(reached: Reached[]): string[] {
  const calls: string[] = [];
  for (const { point } of reached) {
    const stored = /^storage: put\w+ (.*)$/.exec(point.name)?.[1];
    const last = calls.at(-1);
    if (stored && last?.startsWith('store '))
      calls[calls.length - 1] = `store ${[...last.slice('store '.length).split(', '), stored].sort().join(', ')}`;
    else if (stored) calls.push(`store ${stored}`);
    else if (point.kind === 'storage') calls.push(point.name.replace(/^storage: /, ''));
    else if (point.kind === 'begin') calls.push('transaction');
  }
  return calls;
}

/** The upload stores 3 variants and the original side by side, then records itself in a transaction. */
const UPLOAD = ['store 400.webp, 800.webp, display.webp, original.png', 'transaction'];
/** What each flow does through its ports: the points the faults below are tried at come from these calls. */
const OUTLINES = {
  create: [...UPLOAD, 'transaction'],
  // Refused before its transaction: the upload's record is released (a transaction), then its files removed.
  'create-refused': [...UPLOAD, 'transaction', 'remove 4 files'],
  // The save's transaction, then the replaced image's files.
  'edit-image': [...UPLOAD, 'transaction', 'remove 4 files'],
  delete: ['transaction', 'remove 4 files'],
  'bulk-delete': ['transaction', 'remove 8 files'],
};

const combos = drivers.flatMap((driver) => storageKinds.map((kind) => [driver, kind] as const));

describe.each(combos)('artwork writes failing at every point, on %s with %s storage', (driver, kind) => {
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
    world = {
      database,
      storage: store.storage,
      admin: await testAccount(database, 'owner@example.com', { admin: true }),
    };
    for (const name of flowNames) reached.set(name, await reachedPoints(world, name));
    bystander = await flows.delete.prepare(world);
    await reset();
  });
  afterAll(async () => {
    await database.close();
    await store.close();
  });

  it('the flows make the calls of the writes: the upload, then the save or delete, then the files', () => {
    expect(Object.fromEntries([...reached].map(([name, points]) => [name, outline(points)]))).toEqual(OUTLINES);
  });

  it('every flow is as before it until one commit, and as after it from that commit on (the refused one never)', () => {
    for (const [name, points] of reached) {
      const outcomes = points.map((r) => r.outcome);
      const flip = outcomes.indexOf('after');
      if (name === 'create-refused')
        expect(
          outcomes.every((o) => o === 'before'),
          name,
        ).toBe(true);
      else {
        expect(points[flip]?.point.kind, `${name} turns at a commit`).toBe('committed');
        expect(outcomes, name).toEqual(outcomes.map((_, i) => (i < flip ? 'before' : 'after')));
      }
    }
  });

  describe.each(flowNames)('%s', (name) => {
    it.each(inProcessFaults)(
      '%s failure at each point: no dangling reference, no half-written row, the sweep takes the leftovers',
      async (fault) => {
        const points = reached.get(name)!.filter((r) => triedAt[fault](r.point));
        expect(points.length).toBeGreaterThan(0);
        for (const { point, outcome: outcomeThere } of points) {
          const at = `${name}, ${fault} at ${point.name}`;
          const flow: Flow = flows[name];
          const prepared = await flow.prepare(world);
          const before = await inspectStorage(database, store);
          const state = { databaseDown: false, storageDown: false, struck: false };
          const faulty = observed(
            { ...world, database: faultyDatabase(database, state), storage: faultyStorage(store.storage, state) },
            faultAt(fault, point.name, state),
          );
          const failed = await flow.run(faulty, prepared).then(
            () => false,
            () => true,
          );
          expect(state.struck, at).toBe(true);
          state.databaseDown = false;
          state.storageDown = false;

          const outcome = await flow.outcome(world, prepared);
          await expectSettlesAfterFault({
            database,
            store,
            before,
            startedFrom: prepared.files,
            keep: bystander.files,
            at,
          });
          if (!failed) expect(outcome, `${at}: a write that reported success took effect`).toBe('after');
          // The commit stands: the data is as it was once that transaction had committed.
          if (fault === 'lost-commit')
            expect(outcome, `${at}: the commit stands`).toBe(
              reached.get(name)!.find((r) => r.point.kind === 'committed' && r.point.transaction === point.transaction)!
                .outcome,
            );
          // Nothing commits once the database is gone: the data stays where it stood at that point.
          if (fault === 'database') expect(outcome, `${at}: as it stood there`).toBe(outcomeThere);
          await reset();
        }
      },
    );
  });
});
