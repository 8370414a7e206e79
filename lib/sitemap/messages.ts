/** The Sitemap Manager's texts, shared by the server (the route's answer) and the screen. */

export { changedAddresses, NOT_CONFIGURED, NOTHING_TO_SEND } from '@/lib/search-engines/messages';

/**
 * Google retired its sitemap ping endpoint in 2023 (docs/product.md, Sitemap Manager): nothing is
 * sent to Google, and this says so instead of reporting a success.
 */
export const GOOGLE_RESULT =
  'not pinged: Google retired its sitemap ping in 2023 and finds the sitemap through robots.txt';

export const INDEXNOW_ENABLE_HINT =
  "set INDEXNOW_KEY (8-128 letters, digits or hyphens) in the server's environment and restart it";

/**
 * The success toast's text. The documented sentence ('Successfully pinged Google ({result}) and
 * Bing ({result}).') only when IndexNow really accepted addresses; otherwise each engine's result
 * as it is, so no toast claims a notification that did not happen.
 */
export function generatedDescription(pingResult: { google: string; bing: string }): string {
  if (pingResult.bing.startsWith('IndexNow accepted') && !pingResult.bing.includes('but')) {
    return `Successfully pinged Google (${pingResult.google}) and Bing (${pingResult.bing}).`;
  }
  return `The sitemap is current. Google: ${pingResult.google}. Bing: ${pingResult.bing}.`;
}

/** 'Last generated' times, in the artist's time zone on server and browser alike. */
export function formatGeneratedAt(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'Europe/London',
  }).format(new Date(iso));
}
