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

/** Days a browser's clock may be off from the server's and still name its own day. */
const DAYS_BACK = 7;

/**
 * The browser's day when it is plausible (from a week before the server's day to the day after,
 * so a beacon queued overnight or a clock a little off keeps its day), else the server's.
 */
export function dayFor(claimed: string | undefined, now: number): Day {
  const today = dayOf(now);
  if (!claimed) return today;
  const earliest = dayOf(now - DAYS_BACK * 86_400_000);
  const latest = dayOf(now + 86_400_000);
  return claimed >= earliest && claimed <= latest ? claimed : today;
}

const FIXED_PAGES = new Set(['/', '/gallery', '/shop', '/blog', '/about', '/about/ai-profile', '/contact', '/search', '/privacy', '/terms']);

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
 * malformed is left out, never refused: the events were valid telemetry.
 */
export function insightsFrom(events: readonly TelemetryLike[], context: { now: number; siteOrigins: ReadonlySet<string>; pathOf: (url: string) => string | null }): PendingInsight[] {
  const counted: PendingInsight[] = [];
  for (const event of events) {
    if (event.type === INSIGHT_TYPE) {
      const path = event.message.split(/[?#]/)[0]!;
      const page = pageOf(path);
      const meta = insightMetaSchema.safeParse(event.meta ?? {});
      if (!page || !meta.success) continue;
      const day = dayFor(meta.data.d, context.now);
      if (event.feature === 'view') {
        counted.push({ kind: 'view', day, page, path, referrer: referringHost(meta.data.r, context.siteOrigins), device: deviceOf(meta.data.w ?? 1280) });
      } else if (event.feature === 'enquiry' || event.feature === 'share') {
        counted.push({ kind: event.feature, day, path });
      }
    } else if (event.type === 'metric' && event.feature === 'web-vitals' && event.url) {
      const vital = COUNTED_VITALS.find((name) => name === event.message);
      const value = event.meta?.value;
      const sitePath = context.pathOf(event.url);
      const page = sitePath && pageOf(sitePath);
      if (vital && page && typeof value === 'number' && Number.isFinite(value) && value >= 0) counted.push({ kind: 'vital', day: dayOf(context.now), page, vital, value });
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
