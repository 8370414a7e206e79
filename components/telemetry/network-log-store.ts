import { setNetworkRecorder, type NetworkEntry } from '@/lib/http/app-fetch';

/**
 * The network log keeps 50 entries; the panel shows the latest 10
 * (docs/product.md, Network log panel).
 */
export const KEEP = 50;
export const SHOW = 10;
export const BODY_EXCERPT = 200;

/**
 * The ?debug=1 network log: requests made through appFetch (with redacted headers and a body
 * excerpt), plus what the browser's Resource Timing saw of the page's other own requests (the
 * document itself, Next's fetches, beacons), without headers or bodies.
 */
export class NetworkLog {
  private entries: NetworkEntry[] = [];
  private nextId = 1;
  private observer: PerformanceObserver | null = null;

  add(entry: Omit<NetworkEntry, 'id'>): void {
    this.entries.push({ ...entry, id: this.nextId++, responseBody: entry.responseBody?.slice(0, BODY_EXCERPT) });
    if (this.entries.length > KEEP) this.entries.splice(0, this.entries.length - KEEP);
  }

  /** The newest `count`, newest first. */
  latest(count = SHOW): NetworkEntry[] {
    return this.entries.slice(-count).reverse();
  }

  get size(): number {
    return this.entries.length;
  }

  /** Starts recording the page's requests; returns the stop. */
  start(): () => void {
    setNetworkRecorder((entry) => this.add(entry));
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (navigation) this.addTiming(navigation, 'GET');
    if (typeof PerformanceObserver !== 'undefined') {
      this.observer = new PerformanceObserver((list) => {
        for (const timing of list.getEntries() as PerformanceResourceTiming[]) this.addTiming(timing);
      });
      this.observer.observe({ type: 'resource', buffered: true });
    }
    return () => {
      setNetworkRecorder(null);
      this.observer?.disconnect();
    };
  }

  private addTiming(timing: PerformanceResourceTiming, method?: string): void {
    const url = new URL(timing.name, location.href);
    if (url.origin !== location.origin) return;
    const isRequest =
      timing.entryType === 'navigation' || ['fetch', 'xmlhttprequest', 'beacon'].includes(timing.initiatorType);
    if (!isRequest) return;
    // appFetch records its own requests, with more detail.
    if (
      this.entries.some(
        (entry) =>
          entry.source === 'app' &&
          new URL(entry.url, location.href).href === url.href &&
          Math.abs(entry.startTime - timing.startTime) < 50,
      )
    )
      return;
    const status = (timing as PerformanceResourceTiming & { responseStatus?: number }).responseStatus;
    this.add({
      source: 'timing',
      at: performance.timeOrigin + timing.startTime,
      startTime: timing.startTime,
      method: method ?? (timing.initiatorType === 'beacon' ? 'POST' : ''),
      url: `${url.pathname}${url.search}`,
      status: status || undefined,
      durationMs: Math.round(timing.duration),
    });
  }
}
