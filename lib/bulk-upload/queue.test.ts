import { describe, expect, it } from 'vitest';
import {
  awaitsDecision,
  duplicateOf,
  initialQueue,
  newItem,
  queueReducer,
  runProgress,
  uploadPlan,
  type QueueAction,
  type QueueState,
} from './queue';

const file = (name: string) => new File([name], name, { type: 'image/jpeg' });

/** A queue with these files, checked (checksums as given, null for none). */
function queueOf(...files: [name: string, checksum?: string | null, existing?: string][]): QueueState {
  let state = queueReducer(initialQueue, {
    type: 'added',
    items: files.map(([name], i) => newItem(`i${i}`, file(name), `blob:${i}`, initialQueue.defaults)),
  });
  files.forEach(([, checksum = null, existing], i) => {
    state = queueReducer(state, { type: 'checked', id: `i${i}`, checksum, existingMatch: existing ?? null });
  });
  return state;
}

const replay = (state: QueueState, ...actions: QueueAction[]) => actions.reduce(queueReducer, state);
const item = (state: QueueState, id: string) => state.items.find((candidate) => candidate.id === id);

describe('a new queue item', () => {
  it('takes its title from the file name, the slug and alt text from the title, and the batch defaults', () => {
    const fresh = newItem('a', file('Blue_Hour_on_the_Downs.jpg'), 'blob:a', initialQueue.defaults);
    expect(fresh.fields).toEqual({
      title: 'Blue Hour on the Downs',
      slug: 'blue-hour-on-the-downs',
      imageAlt: 'Watercolour painting “Blue Hour on the Downs” by Elena Marsh.',
      category: 'Sanctuaries of the Mind',
      price: 'On Request',
      description: '',
    });
    expect(fresh.status).toBe('checking');
    expect(fresh.progress).toBe(0);
  });

  it('is ready once checked', () => {
    expect(item(queueOf(['a.jpg', 'aa']), 'i0')?.status).toBe('ready');
  });
});

describe('editing an item', () => {
  it('moves the slug and the alt text with the title until the owner types their own', () => {
    let state = replay(queueOf(['a.jpg']), { type: 'edited', id: 'i0', field: 'title', value: 'Harbour Light' });
    expect(item(state, 'i0')?.fields).toMatchObject({
      slug: 'harbour-light',
      imageAlt: 'Watercolour painting “Harbour Light” by Elena Marsh.',
    });
    state = replay(
      state,
      { type: 'edited', id: 'i0', field: 'slug', value: 'my-slug' },
      { type: 'edited', id: 'i0', field: 'imageAlt', value: 'Boats in fog' },
    );
    state = replay(state, { type: 'edited', id: 'i0', field: 'title', value: 'Harbour Light, Dawn' });
    expect(item(state, 'i0')?.fields).toMatchObject({
      title: 'Harbour Light, Dawn',
      slug: 'my-slug',
      imageAlt: 'Boats in fog',
    });
  });

  it('lets an emptied slug follow the title again', () => {
    const state = replay(
      queueOf(['a.jpg']),
      { type: 'edited', id: 'i0', field: 'slug', value: '' },
      { type: 'edited', id: 'i0', field: 'title', value: 'Sea Fog' },
    );
    expect(item(state, 'i0')?.fields.slug).toBe('sea-fog');
  });

  it('removes an item', () => {
    const state = replay(queueOf(['a.jpg'], ['b.jpg']), { type: 'removed', id: 'i0' });
    expect(state.items.map((i) => i.id)).toEqual(['i1']);
  });
});

describe('batch defaults', () => {
  it('apply category, price and description to every item that is not uploading or uploaded', () => {
    let state = queueOf(['a.jpg'], ['b.jpg'], ['c.jpg']);
    state = replay(
      state,
      { type: 'edited', id: 'i0', field: 'title', value: 'Kept Title' },
      { type: 'runStarted', ids: ['i2'] },
      { type: 'itemStarted', id: 'i2' },
    );
    state = replay(
      state,
      { type: 'defaultsChanged', defaults: { category: 'Seascapes', price: '450', description: 'Spring series' } },
      { type: 'defaultsApplied' },
    );
    expect(item(state, 'i0')?.fields).toMatchObject({
      title: 'Kept Title',
      category: 'Seascapes',
      price: '450',
      description: 'Spring series',
    });
    expect(item(state, 'i1')?.fields.category).toBe('Seascapes');
    expect(item(state, 'i2')?.fields).toMatchObject({ category: 'Sanctuaries of the Mind', price: 'On Request' });
  });

  it('are given to items added after they change', () => {
    const changed = replay(initialQueue, { type: 'defaultsChanged', defaults: { price: '300' } });
    expect(newItem('x', file('x.jpg'), 'blob:x', changed.defaults).fields.price).toBe('300');
  });
});

describe('duplicates', () => {
  it('flags an image an artwork already has', () => {
    const state = queueOf(['a.jpg', 'aa', 'Quiet Hour']);
    expect(duplicateOf(state.items, state.items[0]!)).toEqual({ kind: 'existing', title: 'Quiet Hour' });
  });

  it('flags the later copy of an image queued twice, not the first', () => {
    const state = queueOf(['first.jpg', 'same'], ['other.jpg', 'other'], ['second.jpg', 'same']);
    expect(duplicateOf(state.items, state.items[0]!)).toBeNull();
    expect(duplicateOf(state.items, state.items[1]!)).toBeNull();
    expect(duplicateOf(state.items, state.items[2]!)).toEqual({ kind: 'queue', title: 'first' });
  });

  it('holds a flagged item out of Upload All until the owner keeps it; skipping removes it', () => {
    let state = queueOf(['a.jpg', 'aa', 'Quiet Hour'], ['b.jpg', 'bb'], ['c.jpg', 'bb']);
    expect(uploadPlan(state.items)).toEqual({ ids: ['i1'], checking: 0, undecided: 2 });
    state = replay(state, { type: 'kept', id: 'i0' }, { type: 'removed', id: 'i2' });
    expect(awaitsDecision(state.items, item(state, 'i0')!)).toBe(false);
    expect(uploadPlan(state.items)).toEqual({ ids: ['i0', 'i1'], checking: 0, undecided: 0 });
  });

  it('counts items still being checked, which Upload All leaves', () => {
    const state = replay(initialQueue, {
      type: 'added',
      items: [newItem('n', file('n.jpg'), 'blob:n', initialQueue.defaults)],
    });
    expect(uploadPlan(state.items)).toEqual({ ids: [], checking: 1, undecided: 0 });
  });

  it('after a run, flags a queued copy of an image that run uploaded', () => {
    let state = replay(
      queueOf(['a.jpg', 'same'], ['b.jpg', 'same']),
      { type: 'runStarted', ids: ['i0'] },
      { type: 'itemStarted', id: 'i0' },
    );
    state = replay(
      state,
      { type: 'slugChecked', id: 'i0', slug: 'a' },
      { type: 'itemCompleted', id: 'i0', saved: { title: 'a', path: '/gallery/x/a' } },
      { type: 'runFinished' },
    );
    expect(state.items.map((i) => i.id)).toEqual(['i1']);
    expect(duplicateOf(state.items, state.items[0]!)).toEqual({ kind: 'existing', title: 'a' });
  });
});

describe('a run (one at a time, 0, 25 after the slug check, then Complete or Error)', () => {
  const started = () =>
    replay(queueOf(['a.jpg', 'a'], ['b.jpg', 'b'], ['c.jpg', 'c']), { type: 'runStarted', ids: ['i0', 'i1', 'i2'] });

  it('moves an item through 0, 25 and Complete, and the batch through its overall progress', () => {
    let state = replay(started(), { type: 'itemStarted', id: 'i0' });
    expect(item(state, 'i0')).toMatchObject({ status: 'uploading', progress: 0 });
    expect(runProgress(state)).toEqual({ processed: 0, total: 3, percent: 0 });
    state = replay(state, { type: 'slugChecked', id: 'i0', slug: 'a-2' });
    expect(item(state, 'i0')).toMatchObject({
      status: 'uploading',
      progress: 25,
      fields: expect.objectContaining({ slug: 'a-2' }),
    });
    expect(runProgress(state)?.percent).toBe(8);
    state = replay(state, {
      type: 'itemCompleted',
      id: 'i0',
      saved: { title: 'a', path: '/gallery/sanctuaries-of-the-mind/a-2' },
    });
    expect(item(state, 'i0')).toMatchObject({ status: 'complete', progress: 100 });
    expect(runProgress(state)).toEqual({ processed: 1, total: 3, percent: 33 });
  });

  it('marks a failed item Failed with its reason, and the run goes on', () => {
    const state = replay(
      started(),
      { type: 'itemStarted', id: 'i0' },
      { type: 'itemFailed', id: 'i0', error: 'Injected fault: the save failed.' },
      { type: 'itemStarted', id: 'i1' },
      { type: 'slugChecked', id: 'i1', slug: 'b' },
      { type: 'itemCompleted', id: 'i1', saved: { title: 'b', path: '/p/b' } },
    );
    expect(item(state, 'i0')).toMatchObject({ status: 'failed', error: 'Injected fault: the save failed.' });
    expect(runProgress(state)).toEqual({ processed: 2, total: 3, percent: 67 });
  });

  it('locks the items it takes: no edits, removals or defaults', () => {
    const state = replay(
      started(),
      { type: 'edited', id: 'i2', field: 'title', value: 'Changed' },
      { type: 'removed', id: 'i1' },
      { type: 'defaultsChanged', defaults: { price: '1' } },
      { type: 'defaultsApplied' },
    );
    expect(state.items.map((i) => [i.id, i.fields.title, i.fields.price])).toEqual([
      ['i0', 'a', 'On Request'],
      ['i1', 'b', 'On Request'],
      ['i2', 'c', 'On Request'],
    ]);
  });

  it('ends with completed items out of the queue, failed ones kept, and done/total', () => {
    const state = replay(
      started(),
      { type: 'itemStarted', id: 'i0' },
      { type: 'itemCompleted', id: 'i0', saved: { title: 'a', path: '/p/a' } },
      { type: 'itemStarted', id: 'i1' },
      { type: 'itemFailed', id: 'i1', error: 'Upload failed: 500' },
      { type: 'itemStarted', id: 'i2' },
      { type: 'itemCompleted', id: 'i2', saved: { title: 'c', path: '/p/c' } },
      { type: 'runFinished' },
    );
    expect(state.run).toBeNull();
    expect(state.finished).toEqual({
      done: 2,
      total: 3,
      saved: [
        { title: 'a', path: '/p/a' },
        { title: 'c', path: '/p/c' },
      ],
    });
    expect(state.items.map((i) => [i.id, i.status])).toEqual([['i1', 'failed']]);
    expect(uploadPlan(state.items).ids).toEqual(['i1']);
  });

  it('retries a failed item: it waits again with its failure cleared, and the last outcome is replaced', () => {
    let state = replay(
      started(),
      { type: 'itemStarted', id: 'i0' },
      { type: 'itemFailed', id: 'i0', error: 'boom' },
      { type: 'runFinished' },
    );
    state = replay(state, { type: 'runStarted', ids: ['i0'] });
    expect(item(state, 'i0')).toMatchObject({ status: 'ready', progress: 0, error: null });
    expect(state.finished).toBeNull();
    state = replay(
      state,
      { type: 'itemStarted', id: 'i0' },
      { type: 'itemCompleted', id: 'i0', saved: { title: 'a', path: '/p/a' } },
      { type: 'runFinished' },
    );
    expect(state.finished).toMatchObject({ done: 1, total: 1 });
    expect(item(state, 'i0')).toBeUndefined();
  });

  it('takes only uploadable items, and never starts a second run while one runs', () => {
    const state = replay(queueOf(['a.jpg', 'a', 'Existing'], ['b.jpg', 'b']), {
      type: 'runStarted',
      ids: ['i0', 'i1'],
    });
    expect(state.run?.ids).toEqual(['i1']);
    expect(replay(state, { type: 'runStarted', ids: ['i0'] }).run?.ids).toEqual(['i1']);
  });
});
