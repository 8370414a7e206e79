'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { HeldInsight } from '@/lib/telemetry/browser-telemetry';
import type { ClientEvent } from '@/lib/telemetry/client-report';

type Module = typeof import('@/lib/telemetry/browser-telemetry');

/**
 * The browser's telemetry, at no cost to the page's first paint: until the page has loaded and
 * the browser is idle, global errors and the Insights' events (the page's view, clicks on what
 * carries `data-insight`, the views of pages client-side navigations show) are only held; then
 * lib/telemetry/browser-telemetry.ts (web vitals, errors, Insights) is imported and sends them.
 * A visitor who leaves (or hides the page) before then is still counted: the held view and
 * clicks go at once by sendBeacon, which outlives the page. With ?debug=1 in the address (read
 * here at run time, so cached HTML stays the same for everyone) the network log panel is
 * imported and shown; other visits never load its code.
 */
export function Telemetry() {
  const [Panel, setPanel] = useState<ComponentType | null>(null);
  const pathname = usePathname();
  const shown = useRef(pathname);
  const loaded = useRef<Module | null>(null);
  const held = useRef<HeldInsight[]>([]);

  useEffect(() => {
    const early: Event[] = [];
    const hold = (event: Event) => early.push(event);
    held.current.push({ feature: 'view', path: location.pathname, referrer: document.referrer });
    const click = (event: Event) => {
      const feature = (event.target as Element).closest?.('[data-insight]')?.getAttribute('data-insight');
      if (feature === 'enquiry' || feature === 'share') held.current.push({ feature, path: location.pathname });
    };
    const hidden = (event: Event) => {
      if ((event.type === 'pagehide' || document.visibilityState === 'hidden') && !loaded.current) sendHeld(held.current.splice(0));
    };
    addEventListener('error', hold);
    addEventListener('unhandledrejection', hold);
    addEventListener('click', click, true);
    addEventListener('pagehide', hidden);
    document.addEventListener('visibilitychange', hidden);
    let cancelled = false;
    const start = () => {
      void import('@/lib/telemetry/browser-telemetry').then((module) => {
        removeEventListener('error', hold);
        removeEventListener('unhandledrejection', hold);
        removeEventListener('click', click, true);
        removeEventListener('pagehide', hidden);
        document.removeEventListener('visibilitychange', hidden);
        if (cancelled) return;
        loaded.current = module;
        module.startBrowserTelemetry(early, held.current.splice(0));
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

  // A client-side navigation shows another page: a view of its own.
  useEffect(() => {
    if (pathname === shown.current) return;
    shown.current = pathname;
    if (loaded.current) loaded.current.countNavigation(pathname);
    else held.current.push({ feature: 'view', path: pathname });
  }, [pathname]);

  return Panel ? <Panel /> : null;
}

/**
 * The held Insights' events of a page hidden before the telemetry module loaded, by sendBeacon:
 * one request per page shown (each its own page load: the server counts one view in a request
 * without a page-load id). `next dev` counts nothing.
 */
function sendHeld(events: HeldInsight[]): void {
  if (process.env.NODE_ENV === 'development') return;
  const pages: HeldInsight[][] = [];
  for (const event of events) {
    if (event.feature === 'view' || !pages.length) pages.push([]);
    pages.at(-1)!.push(event);
  }
  for (const page of pages) {
    const events = page.map(({ feature, path, referrer }): ClientEvent => ({ level: 'info', type: 'insight', feature, message: path, meta: feature === 'view' ? { w: innerWidth, r: referrer } : {} }));
    navigator.sendBeacon?.('/api/telemetry', JSON.stringify({ events }));
  }
}
