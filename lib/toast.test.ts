import { beforeEach, describe, expect, it, vi } from 'vitest';

type ToastModule = typeof import('./toast');

/** A stand-in for sonner's toast API, recording what it was asked to show. */
function fakeSonner() {
  const shown: string[] = [];
  const api = Object.assign((title: string) => shown.push(`default:${title}`), {
    success: (title: string) => shown.push(`success:${title}`),
    error: (title: string) => shown.push(`error:${title}`),
    info: (title: string) => shown.push(`info:${title}`),
  });
  return { shown, api: api as unknown as typeof import('sonner').toast };
}

describe('lazy toasts', () => {
  let lazy: ToastModule;
  beforeEach(async () => {
    vi.resetModules();
    lazy = await import('./toast');
  });

  it('mounts the host once, on the first toast, and shows every toast through it', async () => {
    const { shown, api } = fakeSonner();
    const mount = vi.fn(async () => api);
    lazy.setToastHost(mount);
    expect(mount).not.toHaveBeenCalled();
    lazy.toast('Purchase Feature Coming Soon');
    lazy.toast.error('Sign in Failed');
    lazy.toast.success('Signed out');
    lazy.toast.info('Slug Adjusted');
    await vi.waitFor(() => expect(shown).toHaveLength(4));
    expect(shown).toEqual(['default:Purchase Feature Coming Soon', 'error:Sign in Failed', 'success:Signed out', 'info:Slug Adjusted']);
    expect(mount).toHaveBeenCalledTimes(1);
  });

  it('keeps a toast asked for before the host registered (a page effect runs before the layout host)', async () => {
    const { shown, api } = fakeSonner();
    lazy.toast.error('Access Check Failed');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(shown).toEqual([]);
    lazy.setToastHost(async () => api);
    await vi.waitFor(() => expect(shown).toEqual(['error:Access Check Failed']));
  });

  it('mounts again through a new host after the old one unmounted', async () => {
    const first = fakeSonner();
    const unregister = lazy.setToastHost(async () => first.api);
    lazy.toast('one');
    await vi.waitFor(() => expect(first.shown).toEqual(['default:one']));
    unregister();
    const second = fakeSonner();
    lazy.setToastHost(async () => second.api);
    lazy.toast('two');
    await vi.waitFor(() => expect(second.shown).toEqual(['default:two']));
    expect(first.shown).toEqual(['default:one']);
  });
});
