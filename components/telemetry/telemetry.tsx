'use client';

import { useEffect, useState, type ComponentType } from 'react';
import type { ClientEvent } from '@/lib/telemetry/client-report';

/**
 * The browser's telemetry, at no cost to the page's first paint. This loader listens from the
 * moment its chunk runs (before hydration): global errors, the Insights' events (the page's
 * view, clicks on what carries `data-insight`, the view of each page a client-side navigation
 * shows, seen through the Navigation API) and the page being hidden. Until the page has loaded
 * and the browser is idle it only holds them; then lib/telemetry/browser-telemetry.ts (web
 * vitals, errors, sending) is imported and takes them. A visitor who leaves (or hides the page,
 * or moves to another page of the site) before then is still counted: what the page holds goes
 * at once by sendBeacon, which outlives the page, one page's events to a request (the server
 * counts one view in a request without a page-load id).
 *
 * It runs once per document, not in an effect: React runs effects twice in development, and
 * nothing here belongs to a component. The navigation is not read with usePathname():
 * importing next/navigation into the root layout's island made Turbopack split the framework's
 * chunks anew, about 340 B gzipped more on every page (docs/benchmarks.md, Public scripts).
 */
function listen(): void {
  const early: Event[] = [];
  const held: ClientEvent[] = [];
  let telemetry: typeof import('@/lib/telemetry/browser-telemetry') | undefined;
  let shown = location.pathname;
  const count = (feature: ClientEvent['feature'], meta = {}) => {
    const event: ClientEvent = { level: 'info', type: 'insight', feature, message: shown, meta };
    if (telemetry) telemetry.insight(event);
    else held.push(event);
  };
  const sendHeld = () => {
    if (process.env.NODE_ENV !== 'development' && held.length)
      navigator.sendBeacon?.('/api/telemetry', JSON.stringify({ events: held.splice(0) }));
  };
  const on = (event: Event) => {
    const { type } = event;
    if (type === 'click') {
      // Only the site's own markup carries data-insight: enquiry or share.
      const feature = (event.target as Element).closest?.('[data-insight]')?.getAttribute('data-insight') as
        ClientEvent['feature'] | undefined;
      if (feature) count(feature);
    } else if (type === 'pagehide' || type === 'visibilitychange') {
      if (type === 'pagehide' || document.visibilityState === 'hidden') sendHeld();
    } else if (!telemetry) early.push(event);
  };
  for (const type of ['error', 'unhandledrejection', 'click', 'pagehide', 'visibilitychange'])
    addEventListener(type, on, true);
  // Baseline since January 2026; a browser without it counts only the pages it loads.
  self.navigation?.addEventListener('currententrychange', () => {
    if (location.pathname === shown) return;
    // A page a client-side navigation shows is a page load of its own, with its view.
    if (telemetry) telemetry.startPage();
    else sendHeld();
    shown = location.pathname;
    count('view', { w: innerWidth });
  });
  count('view', { w: innerWidth, r: document.referrer });

  const start = () => {
    void import('@/lib/telemetry/browser-telemetry').then((module) => {
      telemetry = module;
      module.startBrowserTelemetry(early.splice(0), held.splice(0));
    });
  };
  const whenIdle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(start, { timeout: 3000 }) : setTimeout(start, 200);
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}

if (typeof window !== 'undefined') listen();

/**
 * What the root layout renders: nothing, unless the address has ?debug=1 (read here at run time,
 * so cached HTML stays the same for everyone); then the network log panel is imported and
 * shown. Other visits never load its code.
 */
export function Telemetry() {
  const [Panel, setPanel] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (new URLSearchParams(location.search).get('debug') === '1') {
      void import('./network-log-panel').then(({ NetworkLogPanel }) => setPanel(() => NetworkLogPanel));
    }
  }, []);
  return Panel ? <Panel /> : null;
}
