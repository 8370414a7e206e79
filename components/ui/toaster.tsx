'use client';

import { useEffect, useRef, useState } from 'react';
import type { Toaster as SonnerToaster } from 'sonner';
import { setToastHost, TOAST_DURATION_MS } from '@/lib/toast';

type Loaded = { Toaster: typeof SonnerToaster; toast: typeof import('sonner').toast };

/**
 * One toast visible at a time, each closing after 5000 ms (spec: Toasts). Renders nothing until
 * the first toast (lib/toast.ts), then loads sonner and mounts its <Toaster>.
 */
export function Toaster() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const listening = useRef<((value: Loaded['toast']) => void) | null>(null);

  useEffect(
    () =>
      setToastHost(
        () =>
          new Promise((resolve) => {
            listening.current = resolve;
            void import('sonner').then((module) => setLoaded({ Toaster: module.Toaster, toast: module.toast }));
          }),
      ),
    [],
  );

  // A parent's effects run after its children's: sonner's <Toaster> is subscribed by now.
  useEffect(() => {
    if (loaded) listening.current?.(loaded.toast);
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
