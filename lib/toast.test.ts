import type { ExternalToast, toast as sonnerToast } from 'sonner';
import { describe, expect, it } from 'vitest';
import { enqueueToast } from './toast';

/**
 * sonner as lib/toast.ts drives it, played by a double: each call creates or updates a toast by
 * id; `close(id)` is sonner's timer (or the close button) ending that toast.
 */
function sonnerDouble() {
  const toasts = new Map<string | number, { title: string; options: ExternalToast }>();
  const show = (title: string, options: ExternalToast = {}) => {
    toasts.set(options.id!, { title, options });
    return options.id!;
  };
  const api = Object.assign(show, { success: show, error: show, info: show }) as unknown as typeof sonnerToast;
  return {
    api,
    /** The toast whose timer runs (duration not held at Infinity), by title. */
    duration: (title: string) => [...toasts.values()].find((t) => t.title === title)?.options.duration,
    running: () => [...toasts.values()].filter((t) => t.options.duration !== Infinity).map((t) => t.title),
    close(title: string, how: 'auto' | 'dismiss' = 'auto') {
      const [id, t] = [...toasts.entries()].find(([, t]) => t.title === title)!;
      toasts.delete(id);
      if (how === 'auto') t.options.onAutoClose?.({ id } as never);
      else t.options.onDismiss?.({ id } as never);
    },
  };
}

describe('toasts one at a time (spec §9)', () => {
  it('the newest runs; older ones wait, timer held, and each gets its full duration in turn', () => {
    const sonner = sonnerDouble();
    enqueueToast(sonner.api, 'success', 'Image Upload Successful!');
    expect(sonner.running()).toEqual(['Image Upload Successful!']);
    enqueueToast(sonner.api, 'success', 'Success!');
    enqueueToast(sonner.api, 'info', 'Slug Adjusted');
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

  it("keeps a caller's own duration and callbacks, and a fixed id updates its toast instead of stacking", () => {
    const sonner = sonnerDouble();
    const closed: string[] = [];
    enqueueToast(sonner.api, 'error', 'Access Check Failed', { id: 'fixed', duration: 8000, onAutoClose: () => closed.push('fixed') });
    enqueueToast(sonner.api, 'success', 'Saved');
    enqueueToast(sonner.api, 'error', 'Access Check Failed', { id: 'fixed', duration: 8000, onAutoClose: () => closed.push('fixed') });
    expect(sonner.running()).toEqual(['Saved']);
    sonner.close('Saved');
    expect(sonner.running()).toEqual(['Access Check Failed']);
    sonner.close('Access Check Failed');
    expect(closed).toEqual(['fixed']);
  });
});
