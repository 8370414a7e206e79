import { flushReports, report, type ClientEvent } from './client-report';
import { startPageLoad } from './page-load-id';
import { startWebVitals } from './web-vitals-lite';

/**
 * The page's own telemetry (docs/product.md, Telemetry), loaded after the page is interactive
 * (components/telemetry/telemetry.tsx): web vitals as info logs with rounded values
 * (./web-vitals-lite.ts), global errors as error / frontend / global with line, column and
 * stack, unhandled rejections with feature promise. Errors raised before it loaded were held by
 * the loader and come first. `next dev` reports errors only: its timings measure a build compiled
 * on demand, not the site, and a developer clicking through pages would soon meet the
 * endpoint's per-address budget (a 429 in the console).
 */
export function startBrowserTelemetry(early: Event[], held: ClientEvent[]): void {
  if (process.env.NODE_ENV !== 'development') startWebVitals();
  held.forEach(insight);
  for (const event of early) onProblem(event);
  addEventListener('error', onProblem);
  addEventListener('unhandledrejection', onProblem);
}

/**
 * The owner's Insights (lib/insights/), as the loader sees them: each page's view (the
 * viewport's width for the device class, the referrer) and clicks on what carries
 * `data-insight` (Enquire to Purchase, the share links), here given the browser's day. Nothing
 * that identifies the visitor; the server counts only visitors who may be counted (no Sec-GPC or
 * DNT, no bots) and keeps daily totals alone. The admin's pages are not counted, so their views
 * are not sent.
 */
export function insight(event: ClientEvent): void {
  if (process.env.NODE_ENV === 'development' || event.message.startsWith('/admin')) return;
  report({ ...event, meta: { ...event.meta, d: new Date().toISOString().slice(0, 10) } });
}

/**
 * A page shown by a client-side navigation is a page load of its own (the server counts one view
 * a page load): what is queued goes now, under the page load it belongs to, and the page's
 * events from here on carry a new id.
 */
export function startPage(): void {
  flushReports();
  startPageLoad();
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
