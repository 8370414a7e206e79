import type { ExternalToast, toast as sonnerToast } from 'sonner';
import { TOAST_DURATION_MS, type Kind } from './toast';

/**
 * The order toasts show in, loaded with sonner on the first toast (components/ui/toaster.tsx),
 * not with every page: one toast at a time, each for its full 5000 ms (docs/product.md, Toasts).
 * sonner shows only the newest (visibleToasts 1) but runs every toast's timer at once, so toasts
 * raised together all closed together, the hidden ones unread. Here the newest shows and the
 * older ones wait with their timer held (duration Infinity); when the one in front closes, the
 * next newest gets its full duration. sonner still does the timing, the pausing and the closing.
 */
type Sonner = typeof sonnerToast;

// sonner's exit: a closing toast stays in front this long (TIME_BEFORE_UNMOUNT) before the
// next one shows, so the next one's timer gets it back.
const EXIT_MS = 200;

/**
 * waiting: not yet given to sonner; held: given, timer held behind the front; running: the
 * front, its timer running. `changed`: raised again with a fixed id, so sonner needs the update.
 */
type Live = {
  id: string | number;
  kind: Kind;
  title: string;
  options: ExternalToast;
  state: 'waiting' | 'held' | 'running';
  changed: boolean;
};

/** Toasts on screen or waiting, oldest first: the last one is in front. */
let live: Live[] = [];
let counter = 0;
let publishQueued = false;

function raise(api: Sonner, entry: Live, duration: number) {
  const show = entry.kind === 'default' ? api : api[entry.kind];
  show(entry.title, {
    ...entry.options,
    id: entry.id,
    duration,
    onAutoClose: (t) => closed(api, entry, () => entry.options.onAutoClose?.(t)),
    onDismiss: (t) => closed(api, entry, () => entry.options.onDismiss?.(t)),
  });
}

/**
 * Brings sonner in line with `live`. sonner shows the toast it was given last and paints each
 * call separately (a timer per call), so toasts raised together are given to it once their
 * order is known: the one in front alone, the others when their turn comes. Giving it each in
 * turn flashed the earlier ones for a frame before the front one.
 */
function publish(api: Sonner) {
  publishQueued = false;
  const front = live.at(-1);
  for (const entry of live) {
    if (entry === front || entry.state === 'waiting' || (entry.state === 'held' && !entry.changed)) continue;
    raise(api, entry, Infinity);
    Object.assign(entry, { state: 'held', changed: false });
  }
  if (!front || (front.state === 'running' && !front.changed)) return;
  const duration = front.options.duration ?? TOAST_DURATION_MS;
  // A held toast is behind the closing one, which stays in front for its exit: it gets that time back.
  raise(api, front, front.state === 'held' ? duration + EXIT_MS : duration);
  Object.assign(front, { state: 'running', changed: false });
}

function closed(api: Sonner, entry: Live, then: () => void) {
  const wasFront = live.at(-1) === entry;
  live = live.filter((other) => other !== entry);
  if (wasFront) publish(api);
  then();
}

/**
 * Puts a toast in front; the one it covers waits for it, its timer held. sonner hears of it at
 * the end of the current task (a microtask), with any other toast raised alongside it.
 */
export function enqueueToast(api: Sonner, kind: Kind, title: string, options: ExternalToast = {}) {
  const id = options.id ?? `toast-${++counter}`;
  const same = live.find((entry) => entry.id === id);
  // The same toast raised again (a fixed id) is updated where it is, not stacked twice.
  if (same) Object.assign(same, { kind, title, options, changed: same.state !== 'waiting' });
  else live.push({ id, kind, title, options, state: 'waiting', changed: false });
  if (publishQueued) return;
  publishQueued = true;
  queueMicrotask(() => publish(api));
}
