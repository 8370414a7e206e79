import { z } from 'zod';
import type { Vital } from './vitals';
import { deviceOf, referringHost } from './counting';
import { dayOf } from './range';
import type { Day } from './store';

/**
 * What the page's telemetry module sends for the Insights (lib/telemetry/browser-telemetry.ts),
 * as telemetry events of type 'insight': a page view (its width, the referrer, the browser's UTC
 * day) or a click on 'Enquire to Purchase' or a share link. The page's path is the message. Web
 * vitals count too, from the 'web-vitals' events the page already sends for the logs.
 */
export const INSIGHT_TYPE = 'insight';

const insightMetaSchema = z.strictObject({
  /** The viewport's CSS width. */
  w: z.int().min(0).max(100_000).optional(),
  /** document.referrer. */
  r: z.string().max(2000).optional(),
  /** The browser's UTC day. */
  d: z.iso.date().optional(),
});

/**
 * A counted thing before its artwork is known: `path` is the page's own (an artwork page's names
 * its slug, resolved to the artwork's id in batches), `page` the page it is counted under.
 */
export type PendingInsight =
  | { kind: 'view'; day: Day; page: string; path: string; referrer: string | null; device: ReturnType<typeof deviceOf> }
  | { kind: 'enquiry' | 'share'; day: Day; path: string }
  | { kind: 'vital'; day: Day; page: string; vital: Vital; value: number };

/**
 * The vitals the Insights keep (Google's Core Web Vitals); FCP and TTFB still reach the logs.
 * Each is a histogram row per page and day, so each one kept costs a row a page a day.
 */
export const COUNTED_VITALS = ['LCP', 'CLS', 'INP'] as const satisfies readonly Vital[];

type TelemetryLike = { type: string; feature: string; message: string; url?: string; meta?: Record<string, unknown> };

/**
 * The browser's day when it is today or yesterday by the server's clock (a view sent just after
 * midnight, or a clock a little behind, keeps its day), else the server's. Nothing older: a
 * browser cannot backdate what it sends into days the owner has already read.
 */
export function dayFor(claimed: string | undefined, now: number): Day {
  const today = dayOf(now);
  return claimed === today || claimed === dayOf(now - 86_400_000) ? claimed : today;
}

/**
 * The largest value of each vital a real page load gives; a sample above is dropped, not
 * counted. Each is many times its "poor" threshold (LCP 4 s, INP 500 ms, CLS 0.25), so a slow
 * page is still seen as slow, while made-up samples (a minute's LCP) cannot set the figures.
 */
export const PLAUSIBLE_VITALS: Record<(typeof COUNTED_VITALS)[number], number> = { LCP: 30_000, INP: 10_000, CLS: 5 };

/**
 * What each page load has been counted for: one view, one enquiry and one share per painting,
 * one sample of each vital (the page's telemetry sends no more: lib/telemetry/browser-telemetry.ts,
 * web-vitals-lite.ts). A batch that repeats one, or sends it again, counts it once. Kept for an
 * hour for at most `maxLoads` page loads, the oldest forgotten first: memory stays bounded
 * whatever is sent.
 */
export class PageLoadMemory {
  private readonly loads = new Map<string, { at: number; counted: Set<string> }>();

  constructor(private readonly options: { ttlMs: number; maxLoads: number } = { ttlMs: 3_600_000, maxLoads: 50_000 }) {}

  /** True the first time `pageLoad` sends `what`; false after. */
  first(pageLoad: string, what: string, now: number): boolean {
    let load = this.loads.get(pageLoad);
    if (load && now - load.at > this.options.ttlMs) {
      this.loads.delete(pageLoad);
      load = undefined;
    }
    if (!load) {
      load = { at: now, counted: new Set() };
      this.loads.set(pageLoad, load);
      if (this.loads.size > this.options.maxLoads) this.loads.delete(this.loads.keys().next().value!);
    }
    if (load.counted.has(what)) return false;
    load.counted.add(what);
    return true;
  }

  get size(): number {
    return this.loads.size;
  }
}

const FIXED_PAGES = new Set([
  '/',
  '/gallery',
  '/shop',
  '/blog',
  '/about',
  '/about/ai-profile',
  '/contact',
  '/search',
  '/privacy',
  '/terms',
]);

/**
 * The public page a path is, as the site's routes name them: artwork pages are one page
 * ('/gallery/[collection]/[slug]', each artwork counted apart by id), so are collections (with
 * their numbered pages) and blog stories. Null for anything else: the admin and diagnostics
 * pages are the owner's own, and a path no page has (a 404, or made up) is not counted, so what
 * a browser sends cannot add rows without end.
 */
export function pageOf(path: string): string | null {
  const bare = path.split(/[?#]/)[0]!;
  if (FIXED_PAGES.has(bare)) return bare;
  if (/^\/gallery\/[^/]+(?:\/page\/\d+)?$/.test(bare)) return '/gallery/[collection]';
  if (/^\/gallery\/[^/]+\/[^/]+$/.test(bare)) return '/gallery/[collection]/[slug]';
  if (/^\/blog\/[^/]+$/.test(bare)) return '/blog/[slug]';
  return null;
}

/**
 * The Insights' share of a batch of accepted telemetry events: views and clicks from 'insight'
 * events, vital samples from 'web-vitals' ones (their url a site path already). Anything
 * malformed is left out, never refused: the events were valid telemetry. A page load counts at
 * most once for each thing (PageLoadMemory): by the batch's page-load id across batches, else
 * within the batch.
 */
export function insightsFrom(
  events: readonly TelemetryLike[],
  context: {
    now: number;
    siteOrigins: ReadonlySet<string>;
    pathOf: (url: string) => string | null;
    pageLoad?: string | null;
    memory?: PageLoadMemory;
  },
): PendingInsight[] {
  const counted: PendingInsight[] = [];
  const { pageLoad, memory } = context;
  const inBatch = new Set<string>();
  const onceInBatch = (what: string) => {
    if (inBatch.has(what)) return false;
    inBatch.add(what);
    return true;
  };
  const first = pageLoad && memory ? (what: string) => memory.first(pageLoad, what, context.now) : onceInBatch;
  for (const event of events) {
    if (event.type === INSIGHT_TYPE) {
      const path = event.message.split(/[?#]/)[0]!;
      const page = pageOf(path);
      const meta = insightMetaSchema.safeParse(event.meta ?? {});
      if (!page || !meta.success) continue;
      const day = dayFor(meta.data.d, context.now);
      if (event.feature === 'view') {
        if (first('view'))
          counted.push({
            kind: 'view',
            day,
            page,
            path,
            referrer: referringHost(meta.data.r, context.siteOrigins),
            device: deviceOf(meta.data.w ?? 1280),
          });
      } else if (event.feature === 'enquiry' || event.feature === 'share') {
        if (first(`${event.feature} ${path}`)) counted.push({ kind: event.feature, day, path });
      }
    } else if (event.type === 'metric' && event.feature === 'web-vitals' && event.url) {
      const vital = COUNTED_VITALS.find((name) => name === event.message);
      const value = event.meta?.value;
      const sitePath = context.pathOf(event.url);
      const page = sitePath && pageOf(sitePath);
      if (
        !vital ||
        !page ||
        typeof value !== 'number' ||
        !Number.isFinite(value) ||
        value < 0 ||
        value > PLAUSIBLE_VITALS[vital]
      )
        continue;
      if (first(`vital ${vital}`)) counted.push({ kind: 'vital', day: dayOf(context.now), page, vital, value });
    }
  }
  return counted;
}

/** An artwork page's path: /gallery/{category}/{slug}. Its slug, or null. */
export function artworkSlugOf(path: string): string | null {
  const match = /^\/gallery\/[^/]+\/([^/]+)$/.exec(path);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}
