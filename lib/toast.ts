import type { ExternalToast, toast as sonnerToast } from 'sonner';

/**
 * Toasts without sonner in every page's JavaScript: sonner (about 13 KB gzipped) loads on the
 * first toast, when the <Toaster> host in the root layout (components/ui/toaster.tsx) mounts
 * it. Same call shape as sonner's `toast`, so call sites read the same.
 *
 * One toast at a time, each for its full 5000 ms (spec §9). sonner shows only the newest
 * (visibleToasts 1) but runs every toast's timer at once, so toasts raised together all closed
 * together, the hidden ones unread. Here the newest shows and the older ones wait with their
 * timer held (duration Infinity); when the one in front closes, the next newest gets its full
 * duration. sonner still does the timing, the pausing and the closing.
 */
type Sonner = typeof sonnerToast;

/** How long a toast stays (spec §9); the <Toaster> sets it as its default. */
export const TOAST_DURATION_MS = 5000;
// sonner's exit: a closing toast stays in front this long (TIME_BEFORE_UNMOUNT) before the
// next one shows, so the next one's timer gets it back.
const EXIT_MS = 200;
type MountHost = () => Promise<Sonner>;

let host: MountHost | null = null;
// Toasts asked for before the host registered: a page's own effects run before the root
// layout's <Toaster> (it comes after the page in the tree), so an effect's toast waits here.
let waiting: ((mount: MountHost) => void)[] = [];
let ready: Promise<Sonner> | null = null;

/** The host registers how to mount sonner's <Toaster>; the promise settles once it listens. */
export function setToastHost(mount: MountHost): () => void {
  host = mount;
  for (const resume of waiting) resume(mount);
  waiting = [];
  return () => {
    if (host === mount) {
      host = null;
      ready = null;
      live = [];
    }
  };
}

function sonner(): Promise<Sonner> {
  const mountHost = host ? Promise.resolve(host) : new Promise<MountHost>((resolve) => waiting.push(resolve));
  ready ??= mountHost.then((mount) => mount());
  return ready;
}

type Kind = 'default' | 'success' | 'error' | 'info';
type Live = { id: string | number; kind: Kind; title: string; options: ExternalToast };

/** Toasts on screen or waiting, oldest first: the last one is in front. */
let live: Live[] = [];
let counter = 0;

function raise(api: Sonner, entry: Live, held: boolean, resumed = false) {
  const show = entry.kind === 'default' ? api : api[entry.kind];
  const duration = entry.options.duration ?? TOAST_DURATION_MS;
  show(entry.title, {
    ...entry.options,
    id: entry.id,
    duration: held ? Infinity : resumed ? duration + EXIT_MS : duration,
    onAutoClose: (t) => closed(api, entry, () => entry.options.onAutoClose?.(t)),
    onDismiss: (t) => closed(api, entry, () => entry.options.onDismiss?.(t)),
  });
}

function closed(api: Sonner, entry: Live, then: () => void) {
  const wasFront = live.at(-1) === entry;
  live = live.filter((other) => other !== entry);
  const next = live.at(-1);
  if (wasFront && next) raise(api, next, false, true);
  then();
}

/** Shows a toast in front; the one it covers waits for it, its timer held. */
export function enqueueToast(api: Sonner, kind: Kind, title: string, options: ExternalToast = {}) {
  const id = options.id ?? `toast-${++counter}`;
  const same = live.find((entry) => entry.id === id);
  if (same) {
    // The same toast raised again (a fixed id): updated where it is, not stacked twice.
    Object.assign(same, { kind, title, options });
    raise(api, same, live.at(-1) !== same);
    return;
  }
  const front = live.at(-1);
  if (front) raise(api, front, true);
  const entry: Live = { id, kind, title, options };
  live.push(entry);
  raise(api, entry, false);
}

type Show = (title: string, options?: ExternalToast) => void;

function show(kind: Kind): Show {
  return (title, options) => {
    void sonner().then((api) => enqueueToast(api, kind, title, options));
  };
}

export const toast = Object.assign(show('default'), { success: show('success'), error: show('error'), info: show('info') });
