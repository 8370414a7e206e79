'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/** How often a letter being sent asks the server how far it has gone. */
export const REFRESH_MS = 2_000;

/**
 * While `active`, the page is drawn again from the server every two seconds (router.refresh: the
 * progress is server-rendered, so no polling code or JSON endpoint of its own). Stops once the
 * letter is sent, and while the tab is hidden.
 */
export function RefreshWhileSending({ active }: { active: boolean }) {
  const router = useRouter();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') router.refresh();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [active, router]);
  return null;
}
