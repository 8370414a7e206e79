import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Tx } from '@/lib/db/port';
import { redirects } from '@/lib/db/schema';
import { createTestDatabase, drivers } from '@/tests/support/db';
import { dropRedirectsTo, dropRedirectsToAll, recordRedirect, recordRedirects, type RedirectMove } from './record';

const paths = [
  '/gallery/landscapes/a',
  '/gallery/seascapes/a',
  '/gallery/animals/a',
  '/gallery/landscapes/b',
  '/gallery/seascapes/b',
  '/gallery/animals/c',
];
const path = fc.constantFrom(...paths);
/** Any table the constraints allow: one destination per source, never a path to itself. */
const table = fc.dictionary(path, path).map((map) => Object.entries(map).filter(([from, to]) => from !== to));
const moves = fc.array(fc.record({ from: path, to: path }), { maxLength: 6 });

class Rollback extends Error {}

describe.each(drivers)('recording redirects for many pages at once, on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.close());

  /** Runs `change` on a table holding `initial` and answers the table after it; nothing is kept. */
  async function tableAfter(
    initial: [string, string][],
    change: (tx: Tx) => Promise<unknown>,
  ): Promise<[string, string][]> {
    let after: [string, string][] = [];
    await database.db
      .transaction(async (tx) => {
        await tx.delete(redirects);
        if (initial.length > 0)
          await tx
            .insert(redirects)
            .values(initial.map(([sourcePath, destinationPath]) => ({ sourcePath, destinationPath })));
        await change(tx);
        after = (await tx.select().from(redirects))
          .map((row): [string, string] => [row.sourcePath, row.destinationPath])
          .sort();
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
    return after;
  }

  it('recordRedirects leaves the table recordRedirect leaves, one move at a time, for any table and moves', async () => {
    await fc.assert(
      fc.asyncProperty(table, moves, async (initial, batch: RedirectMove[]) => {
        const together = await tableAfter(initial, (tx) => recordRedirects(tx, batch));
        const oneByOne = await tableAfter(initial, async (tx) => {
          for (const move of batch) await recordRedirect(tx, move.from, move.to);
        });
        expect(together).toEqual(oneByOne);
      }),
      { numRuns: 60 },
    );
  });

  it('dropRedirectsToAll drops what dropRedirectsTo drops for each destination', async () => {
    await fc.assert(
      fc.asyncProperty(table, fc.array(path, { maxLength: 4 }), async (initial, destinations) => {
        const together = await tableAfter(initial, (tx) => dropRedirectsToAll(tx, destinations));
        const oneByOne = await tableAfter(initial, async (tx) => {
          for (const destination of destinations) await dropRedirectsTo(tx, destination);
        });
        expect(together).toEqual(oneByOne);
      }),
      { numRuns: 40 },
    );
  });

  it('records a thousand independent moves in one go, chains collapsed', async () => {
    const batch = Array.from({ length: 1000 }, (_, i) => ({
      from: `/gallery/landscapes/s-${i}`,
      to: `/gallery/seascapes/s-${i}`,
    }));
    const after = await tableAfter([['/old/s-7', '/gallery/landscapes/s-7']], (tx) => recordRedirects(tx, batch));
    expect(after).toHaveLength(1001);
    expect(after).toContainEqual(['/old/s-7', '/gallery/seascapes/s-7']);
  });
});
