import type { ExternalToast, toast as sonnerToast } from 'sonner';

/**
 * Toasts without sonner in every page's JavaScript: sonner (about 13 KB gzipped) loads on the
 * first toast, when the <Toaster> host in the root layout (components/ui/toaster.tsx) mounts
 * it. Same call shape as sonner's `toast`, so call sites read the same.
 */
type Sonner = typeof sonnerToast;
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
    }
  };
}

function sonner(): Promise<Sonner> {
  const mountHost = host ? Promise.resolve(host) : new Promise<MountHost>((resolve) => waiting.push(resolve));
  ready ??= mountHost.then((mount) => mount());
  return ready;
}

type Show = (title: string, options?: ExternalToast) => void;

function show(pick: (api: Sonner) => Show): Show {
  return (title, options) => {
    void sonner().then((api) => pick(api)(title, options));
  };
}

export const toast = Object.assign(
  show((api) => api),
  { success: show((api) => api.success), error: show((api) => api.error), info: show((api) => api.info) },
);
