import { TELEMETRY_ENDPOINT, TELEMETRY_LIMITS as LIMITS } from './limits';
import { networkRecorder } from './network-recorder';
import { pageLoadId } from './page-load-id';

/** One browser event, as /api/telemetry accepts it (lib/telemetry-intake/event-schema.ts). */
export type ClientEvent = {
  level: 'info' | 'warn' | 'error';
  type: 'frontend' | 'metric' | 'insight';
  feature: 'global' | 'promise' | 'fetch' | 'web-vitals' | 'view' | 'enquiry' | 'share';
  message: string;
  url?: string;
  method?: string;
  status?: number;
  stack?: string;
  meta?: Record<string, unknown>;
};

/** A page that keeps failing (an error in a loop) reports this many events, then no more. */
const MAX_PER_PAGE = 100;
const FLUSH_MS = 2_000;
// Characters PostgreSQL cannot store: the server refuses them, so they are replaced here.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const queue: ClientEvent[] = [];
let reported = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

export function cut(value: string, max: number): string {
  return value.slice(0, max).replace(UNSTORABLE, '\uFFFD');
}

function bytes(value: string): number {
  return new TextEncoder().encode(value).length;
}

function fit(event: ClientEvent): ClientEvent {
  const out: ClientEvent = { ...event, message: cut(event.message, LIMITS.message) || '(empty)' };
  if (event.url !== undefined) out.url = cut(event.url, LIMITS.url);
  if (event.stack !== undefined) out.stack = cut(event.stack, LIMITS.stack);
  if (event.meta) {
    const json = JSON.stringify(event.meta).replace(UNSTORABLE, '\uFFFD');
    out.meta = bytes(json) <= LIMITS.metaBytes ? JSON.parse(json) : { truncated: cut(json, 500) };
  }
  return out;
}

/** Queues an event; queued events go together a moment later, or at once when the page hides. */
export function report(event: ClientEvent): void {
  if (reported >= MAX_PER_PAGE) return;
  reported += 1;
  queue.push(fit(event));
  if (!listening) {
    listening = true;
    addEventListener('pagehide', flushReports);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flushReports();
    });
  }
  timer ??= setTimeout(flushReports, FLUSH_MS);
}

/** Sends everything queued, in requests the endpoint accepts (≤ 20 events, ≤ 16 KB each). */
export function flushReports(): void {
  clearTimeout(timer);
  timer = undefined;
  while (queue.length > 0) {
    const events = queue.splice(0, LIMITS.events);
    let body = JSON.stringify({ pageLoadId: pageLoadId(), events });
    while (events.length > 1 && bytes(body) > LIMITS.bodyBytes) {
      queue.unshift(events.pop()!);
      body = JSON.stringify({ pageLoadId: pageLoadId(), events });
    }
    send(body);
  }
}

/** sendBeacon survives the page going away; where it is missing or refuses, a keepalive fetch. */
function send(body: string): void {
  networkRecorder()?.({
    source: 'app',
    at: Date.now(),
    startTime: performance.now(),
    method: 'POST',
    url: TELEMETRY_ENDPOINT,
    requestHeaders: [['content-type', 'text/plain']],
  });
  if (navigator.sendBeacon?.(TELEMETRY_ENDPOINT, body)) return;
  fetch(TELEMETRY_ENDPOINT, {
    method: 'POST',
    body,
    keepalive: true,
    headers: { 'content-type': 'application/json' },
  }).catch(() => {});
}
