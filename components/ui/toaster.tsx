'use client';

import { useEffect, useRef, useState } from 'react';
import type { Toaster as SonnerToaster } from 'sonner';
import { setToastHost, TOAST_DURATION_MS, type Enqueue } from '@/lib/toast';

type Loaded = { Toaster: typeof SonnerToaster; enqueue: Enqueue };

/**
 * One toast visible at a time, each closing after 5000 ms (docs/product.md, Toasts). Renders
 * nothing until the first toast (lib/toast.ts), then loads sonner with the order toasts show in
 * (lib/toast-queue.ts) and mounts its <Toaster>.
 */
export function Toaster() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const listening = useRef<((enqueue: Enqueue) => void) | null>(null);

  useEffect(
    () =>
      setToastHost(
        () =>
          new Promise((resolve) => {
            listening.current = resolve;
            void Promise.all([import('sonner'), import('@/lib/toast-queue')]).then(([sonner, queue]) =>
              setLoaded({
                Toaster: sonner.Toaster,
                enqueue: (kind, title, options) => queue.enqueueToast(sonner.toast, kind, title, options),
              }),
            );
          }),
      ),
    [],
  );

  // A parent's effects run after its children's: sonner's <Toaster> is subscribed by now.
  useEffect(() => {
    if (loaded) listening.current?.(loaded.enqueue);
  }, [loaded]);

  if (!loaded) return null;
  const { Toaster: Sonner } = loaded;
  return (
    <Sonner
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      position="top-center"
      closeButton
      toastOptions={{ classNames: { toast: 'font-sans', title: 'font-medium' } }}
    />
  );
}
