import { flushReports, report } from './client-report';
import { startPageLoad } from './page-load-id';
import { startWebVitals } from './web-vitals-lite';

/**
 * The Insights' events of the page before this module started, held by the loader
 * (components/telemetry/telemetry.tsx) in order: the first page's view (unless the loader sent
 * it already, the page having been hidden first), the views of pages a client-side navigation
 * showed, the clicks on what carries `data-insight`.
 */
export type HeldInsight = { feature: 'view' | 'enquiry' | 'share'; path: string; referrer?: string };

/**
 * The page's own telemetry (docs/product.md, Telemetry), loaded after the page is interactive
 * (components/telemetry/telemetry.tsx): web vitals as info logs with rounded values
 * (./web-vitals-lite.ts), global errors as error / frontend / global with line, column and
 * stack, unhandled rejections with feature promise. Errors raised before it loaded were held by
 * the loader and come first. `next dev` reports errors only: its timings measure a build compiled
 * on demand, not the site, and a developer clicking through pages would soon meet the
 * endpoint's per-address budget (a 429 in the console).
 */
export function startBrowserTelemetry(early: Event[], held: HeldInsight[] = []): void {
  if (process.env.NODE_ENV !== 'development') {
    startWebVitals();
    countVisits(held);
  }
  for (const event of early) onProblem(event);
  addEventListener('error', onProblem);
  addEventListener('unhandledrejection', onProblem);
}

/**
 * The owner's Insights (lib/insights/): each page view (the viewport's width for the device
 * class, the referrer, the browser's day) and clicks on what carries `data-insight` (Enquire to
 * Purchase, the share links). Nothing that identifies the visitor; the server counts only
 * visitors who may be counted (no Sec-GPC or DNT, no bots) and keeps daily totals alone. A page
 * load counts one view (the server holds it to that): a page a client-side navigation shows is
 * a page load of its own (countNavigation).
 */
function insight(feature: HeldInsight['feature'], path: string, meta: Record<string, unknown> = {}): void {
  report({ level: 'info', type: 'insight', feature, message: path, meta: { ...meta, d: new Date().toISOString().slice(0, 10) } });
}

function countVisits(held: HeldInsight[]): void {
  held.forEach(({ feature, path, referrer }, i) => {
    if (feature !== 'view') insight(feature, path);
    else if (i === 0) insight('view', path, { w: innerWidth, r: referrer });
    else countNavigation(path);
  });
  addEventListener('click', (event) => {
    const feature = (event.target as Element).closest?.('[data-insight]')?.getAttribute('data-insight');
    if (feature === 'enquiry' || feature === 'share') insight(feature, location.pathname);
  }, true);
}

/**
 * A page shown by a client-side navigation: what is queued goes now, under the page load it
 * belongs to, and the new page is a page load of its own, with its view. The admin's pages are
 * not counted, so their navigations send nothing.
 */
export function countNavigation(path: string): void {
  if (process.env.NODE_ENV === 'development') return;
  flushReports();
  startPageLoad();
  if (!path.startsWith('/admin')) insight('view', path, { w: innerWidth });
}

function onProblem(event: Event): void {
  if (event instanceof ErrorEvent) {
    const error = event.error as { stack?: unknown } | undefined;
    report({
      level: 'error',
      type: 'frontend',
      feature: 'global',
      message: event.message || 'Script error.',
      url: location.href,
      stack: typeof error?.stack === 'string' ? error.stack : undefined,
      meta: { line: event.lineno, column: event.colno, source: event.filename },
    });
  } else if (event.type === 'unhandledrejection') {
    const reason = (event as PromiseRejectionEvent).reason as { message?: unknown; stack?: unknown } | undefined;
    report({
      level: 'error',
      type: 'frontend',
      feature: 'promise',
      message: typeof reason?.message === 'string' ? reason.message : String(reason),
      url: location.href,
      stack: typeof reason?.stack === 'string' ? reason.stack : undefined,
    });
  }
}
