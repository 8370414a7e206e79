import { describe, expect, it, vi } from 'vitest';
import { processItem, type ItemSteps } from './process-item';
import { initialQueue, newItem, type QueueAction } from './queue';

const item = (name = 'Harbour_Light.jpg') =>
  newItem('i', new File(['x'], name, { type: 'image/jpeg' }), 'blob:i', initialQueue.defaults);

function run(steps: Partial<ItemSteps>, queued = item()) {
  const actions: QueueAction[] = [];
  const all: ItemSteps = {
    checkSlug: vi.fn(async (slug: string) => ({ ok: true as const, data: { slug: `${slug}-2` } })),
    uploadThenSave: vi.fn(async () => ({
      ok: true as const,
      data: { path: '/gallery/sanctuaries-of-the-mind/harbour-light-2' },
    })),
    ...steps,
  };
  return { done: processItem(queued, all, (action) => actions.push(action)), actions, steps: all };
}

const shapes = (actions: QueueAction[]) =>
  actions.map((action) => ('error' in action ? `${action.type}: ${action.error}` : action.type));

describe('processing one queue item', () => {
  it('checks the slug, then uploads and saves with the checked slug and the item’s fields', async () => {
    const { done, actions, steps } = run({});
    await done;
    expect(shapes(actions)).toEqual(['itemStarted', 'slugChecked', 'itemCompleted']);
    expect(actions[1]).toMatchObject({ slug: 'harbour-light-2' });
    expect(steps.checkSlug).toHaveBeenCalledWith('harbour-light');
    const sent = vi.mocked(steps.uploadThenSave).mock.calls[0]![0];
    expect(sent.fields).toMatchObject({
      title: 'Harbour Light',
      slug: 'harbour-light-2',
      category: 'Sanctuaries of the Mind',
      price: 'On Request',
      currency: 'GBP',
      isForSale: true,
    });
    expect(sent.file.name).toBe('Harbour_Light.jpg');
    expect(actions[2]).toMatchObject({
      saved: { title: 'Harbour Light', path: '/gallery/sanctuaries-of-the-mind/harbour-light-2' },
    });
  });

  it('fails with the save’s reason, after the slug check', async () => {
    const { done, actions } = run({
      uploadThenSave: async () => ({ ok: false, error: 'Injected fault: the save failed.' }),
    });
    await done;
    expect(shapes(actions)).toEqual(['itemStarted', 'slugChecked', 'itemFailed: Injected fault: the save failed.']);
  });

  it('fails with the slug check’s reason, and uploads nothing', async () => {
    const { done, actions, steps } = run({
      checkSlug: async () => ({ ok: false, error: 'The site cannot reach its database.' }),
    });
    await done;
    expect(shapes(actions)).toEqual(['itemStarted', 'itemFailed: The site cannot reach its database.']);
    expect(steps.uploadThenSave).not.toHaveBeenCalled();
  });

  it('fails an item the schema refuses before sending anything', async () => {
    const queued = item();
    queued.fields.imageAlt = 'x'.repeat(126);
    const { done, actions, steps } = run({}, queued);
    await done;
    expect(shapes(actions)).toEqual(['itemStarted', 'itemFailed: Alt text is too long (126/125 chars).']);
    expect(steps.checkSlug).not.toHaveBeenCalled();
  });

  it('makes an emptied slug from the title again', async () => {
    const queued = item();
    queued.fields.slug = '  ';
    const { done, steps } = run({}, queued);
    await done;
    expect(steps.checkSlug).toHaveBeenCalledWith('harbour-light');
  });

  it('turns a thrown step (a lost request) into the item’s failure, never the run’s', async () => {
    const { done, actions } = run({ uploadThenSave: async () => Promise.reject(new Error('Failed to fetch')) });
    await expect(done).resolves.toBeUndefined();
    expect(shapes(actions).at(-1)).toBe('itemFailed: Failed to fetch');
  });
});
