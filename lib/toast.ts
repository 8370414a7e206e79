import type { ExternalToast, toast as sonnerToast } from 'sonner';

/**
 * Toasts without sonner in every page's JavaScript: sonner (about 13 KB gzipped) loads on the
 * first toast, when the <Toaster> host in the root layout (components/ui/toaster.tsx) mounts
 * it. Same call shape as sonner's `toast`, so call sites read the same.
 */
type Sonner = typeof sonnerToast;
type MountHost = () => Promise<Sonner>;

let mountHost: MountHost | null = null;
let ready: Promise<Sonner> | null = null;

/** The host registers how to mount sonner's <Toaster>; the promise settles once it listens. */
export function setToastHost(mount: MountHost): () => void {
  mountHost = mount;
  return () => {
    if (mountHost === mount) {
      mountHost = null;
      ready = null;
    }
  };
}

function sonner(): Promise<Sonner> {
  // Without a host (it mounts with the root layout, so only in a test rendering a leaf alone)
  // a toast would never be seen: load sonner anyway so the call itself still succeeds.
  ready ??= mountHost ? mountHost() : import('sonner').then((module) => module.toast);
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
