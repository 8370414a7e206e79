import type { ExternalToast } from 'sonner';

/**
 * Toasts without sonner in every page's JavaScript: sonner and the order toasts show in
 * (./toast-queue.ts) load on the first toast, when the <Toaster> host in the root layout
 * (components/ui/toaster.tsx) mounts sonner's. Same call shape as sonner's `toast`, so call sites
 * read the same. Why: docs/decisions/0011-no-libraries-in-public-islands.md.
 */
export type Kind = 'default' | 'success' | 'error' | 'info';
/** Shows a toast once sonner is mounted: ./toast-queue.ts's enqueueToast, given sonner. */
export type Enqueue = (kind: Kind, title: string, options?: ExternalToast) => void;

/** How long a toast stays (docs/product.md, Toasts); the <Toaster> sets it as its default. */
export const TOAST_DURATION_MS = 5000;
type MountHost = () => Promise<Enqueue>;

let host: MountHost | null = null;
// Toasts asked for before the host registered: a page's own effects run before the root
// layout's <Toaster> (it comes after the page in the tree), so an effect's toast waits here.
let waiting: ((mount: MountHost) => void)[] = [];
let ready: Promise<Enqueue> | null = null;

/** The host registers how to mount sonner's <Toaster>; the promise settles once it listens. */
export function setToastHost(mount: MountHost): () => void {
  host = mount;
  for (const resume of waiting) resume(mount);
  waiting = [];
  return () => {
    if (host === mount) {
      host = null;
      ready = null;
    }
  };
}

function mounted(): Promise<Enqueue> {
  const mountHost = host ? Promise.resolve(host) : new Promise<MountHost>((resolve) => waiting.push(resolve));
  ready ??= mountHost.then((mount) => mount());
  return ready;
}

type Show = (title: string, options?: ExternalToast) => void;

function show(kind: Kind): Show {
  return (title, options) => {
    void mounted().then((enqueue) => enqueue(kind, title, options));
  };
}

export const toast = Object.assign(show('default'), {
  success: show('success'),
  error: show('error'),
  info: show('info'),
});
