import { isbot } from 'isbot';
import type { Device } from './store';

/**
 * Who is counted, and as what, for the owner's Insights: decided from what a request carries
 * anyway, and never stored (no address, no user agent, no identifier outlives the request).
 */

/**
 * Not counted: a browser that asks not to be tracked (Global Privacy Control, `Sec-GPC: 1`, or
 * the older `DNT: 1`), and anything that is not a person's browser: crawlers, headless
 * browsers, link previewers and HTTP libraries (the `isbot` patterns), or no user agent at all.
 */
export function countable(headers: Pick<Headers, 'get'>): boolean {
  if (headers.get('sec-gpc')?.trim() === '1' || headers.get('dnt')?.trim() === '1') return false;
  const userAgent = headers.get('user-agent');
  return Boolean(userAgent) && !isbot(userAgent) && !/headless/i.test(userAgent!);
}

/** Phone, tablet or desktop, from the viewport's CSS width (Tailwind's md and lg breakpoints). */
export function deviceOf(viewportWidth: number): Device {
  if (viewportWidth < 768) return 'phone';
  if (viewportWidth < 1024) return 'tablet';
  return 'desktop';
}

/**
 * The referring site's host, for a visit that came from another site: lower case and without
 * `www.`, so google.com and www.google.com are one. Null for no referrer, this site itself, or
 * anything that is not an http(s) address.
 */
export function referringHost(referrer: string | null | undefined, siteOrigins: ReadonlySet<string>): string | null {
  if (!referrer) return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || siteOrigins.has(url.origin)) return null;
  return (
    url.hostname
      .toLowerCase()
      .replace(/^www\./, '')
      .slice(0, 253) || null
  );
}
