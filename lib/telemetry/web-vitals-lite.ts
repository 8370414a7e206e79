import { flushReports, report } from './client-report';

/**
 * Web vitals from the browser's own performance entries, as web-vitals measures them for a
 * normal page load: TTFB (navigation responseStart), FCP (first-contentful-paint), LCP (the last
 * largest-contentful-paint), CLS (the largest session window: shifts under 1 s apart, at most
 * 5 s long, not after input) and INP (the longest interaction; web-vitals' 98th percentile is
 * that for fewer than 50 interactions). The web-vitals package itself (2.4 KB gzipped) would
 * take the module past its 3 KB budget on its own. LCP, CLS and INP are final when the page is
 * hidden: they are reported then, once, and sent at once.
 */
const THRESHOLDS: Record<string, [number, number]> = {
  TTFB: [800, 1800],
  FCP: [1800, 3000],
  LCP: [2500, 4000],
  CLS: [0.1, 0.25],
  INP: [200, 500],
};

function vital(name: string, value: number): void {
  const [good, poor] = THRESHOLDS[name]!;
  const rounded = name === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value);
  report({
    level: 'info',
    type: 'metric',
    feature: 'web-vitals',
    message: name,
    url: location.href,
    meta: { value: rounded, rating: value > poor ? 'poor' : value > good ? 'needs-improvement' : 'good' },
  });
}

function observe<T extends PerformanceEntry>(
  type: string,
  each: (entry: T) => void,
  options: Record<string, unknown> = {},
): void {
  try {
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => each(entry as T))).observe({
      type,
      buffered: true,
      ...options,
    });
  } catch {
    // An entry type this browser does not support: that vital is not reported.
  }
}

type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
type Interaction = PerformanceEntry & { interactionId?: number };

export function startWebVitals(): void {
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (navigation && navigation.responseStart > 0) vital('TTFB', navigation.responseStart);
  let hidden = document.visibilityState === 'hidden';
  observe('paint', (entry) => {
    if (entry.name === 'first-contentful-paint' && !hidden) vital('FCP', entry.startTime);
  });
  let lcp = 0;
  observe('largest-contentful-paint', (entry) => (lcp = entry.startTime));
  let cls = 0;
  let session = 0;
  let first = 0;
  let last = 0;
  observe<Shift>('layout-shift', (entry) => {
    if (entry.hadRecentInput) return;
    if (session && entry.startTime - last < 1000 && entry.startTime - first < 5000) session += entry.value;
    else [session, first] = [entry.value, entry.startTime];
    last = entry.startTime;
    cls = Math.max(cls, session);
  });
  let inp = 0;
  observe<Interaction>(
    'event',
    (entry) => {
      if (entry.interactionId) inp = Math.max(inp, entry.duration);
    },
    { durationThreshold: 40 },
  );
  const final = () => {
    if (hidden) return;
    hidden = true;
    if (lcp) vital('LCP', lcp);
    vital('CLS', cls);
    if (inp) vital('INP', inp);
    flushReports();
  };
  addEventListener('pagehide', final);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') final();
  });
}
