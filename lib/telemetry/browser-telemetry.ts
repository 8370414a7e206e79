import { report } from './client-report';
import { startWebVitals } from './web-vitals-lite';

/**
 * The page's own telemetry (spec §7 Telemetry), loaded after the page is interactive
 * (components/telemetry/telemetry.tsx): web vitals as info logs with rounded values
 * (./web-vitals-lite.ts), global errors as error / frontend / global with line, column and
 * stack, unhandled rejections with feature promise. Errors raised before it loaded were held by
 * the loader and come first. `next dev` reports errors only: its timings measure a build compiled
 * on demand, not the site, and a developer clicking through pages would soon meet the
 * endpoint's per-address budget (a 429 in the console).
 */
export function startBrowserTelemetry(early: Event[]): void {
  if (process.env.NODE_ENV !== 'development') {
    startWebVitals();
    countVisit();
  }
  for (const event of early) onProblem(event);
  addEventListener('error', onProblem);
  addEventListener('unhandledrejection', onProblem);
}

/**
 * The owner's Insights (lib/insights/): this page view (the viewport's width for the device
 * class, the referrer, the browser's day) and clicks on what carries `data-insight` (Enquire to
 * Purchase, the share links). Nothing that identifies the visitor; the server counts only
 * visitors who may be counted (no Sec-GPC or DNT, no bots) and keeps daily totals alone.
 */
function countVisit(): void {
  const insight = (feature: 'view' | 'enquiry' | 'share', meta: Record<string, unknown> = {}) =>
    report({ level: 'info', type: 'insight', feature, message: location.pathname, meta: { ...meta, d: new Date().toISOString().slice(0, 10) } });
  insight('view', { w: innerWidth, r: document.referrer });
  addEventListener('click', (event) => {
    const feature = (event.target as Element).closest?.('[data-insight]')?.getAttribute('data-insight');
    if (feature === 'enquiry' || feature === 'share') insight(feature);
  }, true);
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
