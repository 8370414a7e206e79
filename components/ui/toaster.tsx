'use client';

import { Toaster as Sonner } from 'sonner';

/** One toast visible at a time, each closing after 5000 ms (spec: Toasts). */
export function Toaster() {
  return (
    <Sonner
      visibleToasts={1}
      duration={5000}
      position="top-center"
      closeButton
      toastOptions={{ classNames: { toast: 'font-sans', title: 'font-medium' } }}
    />
  );
}
