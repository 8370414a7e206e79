'use client';

import { useEffect, useState, type ComponentType } from 'react';

/**
 * The browser's telemetry, at no cost to the page's first paint: until the page has loaded and
 * the browser is idle, global errors are only held; then lib/telemetry/browser-telemetry.ts
 * (web vitals, errors) is imported. With ?debug=1 in the address (read here at run time, so
 * cached HTML stays the same for everyone) the network log panel is imported and shown; other
 * visits never load its code.
 */
export function Telemetry() {
  const [Panel, setPanel] = useState<ComponentType | null>(null);

  useEffect(() => {
    const early: Event[] = [];
    const hold = (event: Event) => early.push(event);
    addEventListener('error', hold);
    addEventListener('unhandledrejection', hold);
    let cancelled = false;
    const start = () => {
      void import('@/lib/telemetry/browser-telemetry').then(({ startBrowserTelemetry }) => {
        removeEventListener('error', hold);
        removeEventListener('unhandledrejection', hold);
        if (!cancelled) startBrowserTelemetry(early);
      });
    };
    const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(start, { timeout: 3000 }) : setTimeout(start, 200));
    if (document.readyState === 'complete') whenIdle();
    else addEventListener('load', whenIdle, { once: true });
    if (new URLSearchParams(location.search).get('debug') === '1') {
      void import('./network-log-panel').then(({ NetworkLogPanel }) => setPanel(() => NetworkLogPanel));
    }
    return () => {
      cancelled = true;
    };
  }, []);

  return Panel ? <Panel /> : null;
}
