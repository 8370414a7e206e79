import type { ExternalToast, toast as sonnerToast } from 'sonner';
import { describe, expect, it } from 'vitest';
import { enqueueToast } from './toast-queue';

/**
 * sonner as lib/toast-queue.ts drives it, played by a double: each call creates or updates a toast by
 * id; `close(id)` is sonner's timer (or the close button) ending that toast.
 */
function sonnerDouble() {
  const toasts = new Map<string | number, { title: string; options: ExternalToast }>();
  /** What sonner (visibleToasts 1) shows after each call: the newest toast it was given. */
  const shown: string[] = [];
  const show = (title: string, options: ExternalToast = {}) => {
    // A new id goes in front (Map order is insertion order); a known id is updated in place.
    toasts.set(options.id!, { title, options });
    const front = [...toasts.values()].at(-1)!.title;
    if (shown.at(-1) !== front) shown.push(front);
    return options.id!;
  };
  const api = Object.assign(show, { success: show, error: show, info: show }) as unknown as typeof sonnerToast;
  return {
    api,
    shown,
    /** The toast whose timer runs (duration not held at Infinity), by title. */
    duration: (title: string) => [...toasts.values()].find((t) => t.title === title)?.options.duration,
    running: () => [...toasts.values()].filter((t) => t.options.duration !== Infinity).map((t) => t.title),
    close(title: string, how: 'auto' | 'dismiss' = 'auto') {
      const [id, t] = [...toasts.entries()].find(([, t]) => t.title === title)!;
      toasts.delete(id);
      const front = [...toasts.values()].at(-1)?.title;
      if (front && shown.at(-1) !== front) shown.push(front);
      if (how === 'auto') t.options.onAutoClose?.({ id } as never);
      else t.options.onDismiss?.({ id } as never);
    },
  };
}

/** sonner hears of toasts at the end of the task that raised them. */
const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('toasts one at a time', () => {
  it('the newest runs; older ones wait, timer held, and each gets its full duration in turn', async () => {
    const sonner = sonnerDouble();
    enqueueToast(sonner.api, 'success', 'Image Upload Successful!');
    await settle();
    expect(sonner.running()).toEqual(['Image Upload Successful!']);
    enqueueToast(sonner.api, 'success', 'Success!');
    await settle();
    enqueueToast(sonner.api, 'info', 'Slug Adjusted');
    await settle();
    expect(sonner.running()).toEqual(['Slug Adjusted']);
    sonner.close('Slug Adjusted');
    expect(sonner.running()).toEqual(['Success!']);
    // Its full 5000 ms, plus the 200 ms the closing toast stays in front on its way out.
    expect(sonner.duration('Success!')).toBe(5200);
    sonner.close('Success!', 'dismiss');
    expect(sonner.running()).toEqual(['Image Upload Successful!']);
    sonner.close('Image Upload Successful!');
    expect(sonner.running()).toEqual([]);
  });

  it('toasts raised together: sonner is given the front one alone, so no other flashes first; the rest follow in turn', async () => {
    const sonner = sonnerDouble();
    // The order the artwork form raises them after a save with an upload and an adjusted slug.
    enqueueToast(sonner.api, 'info', 'Slug Adjusted');
    enqueueToast(sonner.api, 'success', 'Success! Artwork added/updated successfully.');
    enqueueToast(sonner.api, 'success', 'Image Upload Successful!');
    await settle();
    // Nothing showed before the front one: sonner paints each call on its own.
    expect(sonner.shown).toEqual(['Image Upload Successful!']);
    expect(sonner.running()).toEqual(['Image Upload Successful!']);
    sonner.close('Image Upload Successful!');
    // Never on screen before its turn: its own 5000 ms, from when it shows.
    expect(sonner.duration('Success! Artwork added/updated successfully.')).toBe(5000);
    sonner.close('Success! Artwork added/updated successfully.');
    sonner.close('Slug Adjusted');
    expect(sonner.shown).toEqual([
      'Image Upload Successful!',
      'Success! Artwork added/updated successfully.',
      'Slug Adjusted',
    ]);
  });

  it("keeps a caller's own duration and callbacks, and a fixed id updates its toast instead of stacking", async () => {
    const sonner = sonnerDouble();
    const closed: string[] = [];
    enqueueToast(sonner.api, 'error', 'Access Check Failed', {
      id: 'fixed',
      duration: 8000,
      onAutoClose: () => closed.push('fixed'),
    });
    enqueueToast(sonner.api, 'success', 'Saved');
    enqueueToast(sonner.api, 'error', 'Access Check Failed', {
      id: 'fixed',
      duration: 8000,
      onAutoClose: () => closed.push('fixed'),
    });
    await settle();
    expect(sonner.running()).toEqual(['Saved']);
    sonner.close('Saved');
    expect(sonner.running()).toEqual(['Access Check Failed']);
    sonner.close('Access Check Failed');
    expect(closed).toEqual(['fixed']);
  });
});
