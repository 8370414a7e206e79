import { describe, expect, it } from 'vitest';
import { duplicateOf, initialQueue, newItem, queueReducer, uploadPlan } from '@/lib/bulk-upload/queue';
import { checkedActions, checksumBatches, CHECKSUMS_PER_REQUEST } from './duplicate-check';

const file = (name: string) => new File([name], name, { type: 'image/jpeg' });
const items = ['a.jpg', 'b.jpg', 'c.jpg'].map((name, i) =>
  newItem(`i${i}`, file(name), `blob:${i}`, initialQueue.defaults),
);

describe('checksumBatches', () => {
  it('asks about each checksum once, in the order first seen, leaving out files not hashed', () => {
    expect(checksumBatches(['aa', null, 'bb', 'aa', null])).toEqual([['aa', 'bb']]);
  });

  it('asks nothing when no file could be hashed', () => {
    expect(checksumBatches([null, null])).toEqual([]);
  });

  it('splits the checksums into requests the server accepts', () => {
    const sums = Array.from({ length: CHECKSUMS_PER_REQUEST + 2 }, (_, i) => `sum${i}`);
    const batches = checksumBatches(sums);
    expect(batches.map((batch) => batch.length)).toEqual([CHECKSUMS_PER_REQUEST, 2]);
    expect(batches.flat()).toEqual(sums);
    expect(checksumBatches(['a', 'b', 'c'], 2)).toEqual([['a', 'b'], ['c']]);
  });
});

describe('checkedActions', () => {
  const checksums = new Map([
    ['i0', 'aa'],
    ['i1', null],
    ['i2', 'cc'],
  ]);
  const existing = new Map([['cc', 'Low Tide']]);

  it('gives each item its checksum and the artwork that already has its image', () => {
    expect(checkedActions(items, checksums, existing)).toEqual([
      { type: 'checked', id: 'i0', checksum: 'aa', existingMatch: null },
      { type: 'checked', id: 'i1', checksum: null, existingMatch: null },
      { type: 'checked', id: 'i2', checksum: 'cc', existingMatch: 'Low Tide' },
    ]);
  });

  it('takes the queue from checking to ready, flagging the existing duplicate', () => {
    const added = queueReducer(initialQueue, { type: 'added', items });
    expect(uploadPlan(added.items)).toMatchObject({ ids: [], checking: 3 });
    const checked = checkedActions(items, checksums, existing).reduce(queueReducer, added);
    expect(checked.items.map((item) => item.status)).toEqual(['ready', 'ready', 'ready']);
    expect(duplicateOf(checked.items, checked.items[2]!)).toEqual({ kind: 'existing', title: 'Low Tide' });
    expect(uploadPlan(checked.items)).toMatchObject({ ids: ['i0', 'i1'], checking: 0, undecided: 1 });
  });

  it('flags no duplicate when the comparison with the catalogue failed (nothing existing known)', () => {
    const added = queueReducer(initialQueue, { type: 'added', items });
    const checked = checkedActions(items, checksums, new Map()).reduce(queueReducer, added);
    expect(checked.items.map((item) => duplicateOf(checked.items, item))).toEqual([null, null, null]);
  });
});
