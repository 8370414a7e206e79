/**
 * The newsletter's addresses, one place for each (docs/product.md, Newsletter). A confirmation or
 * unsubscribe link opens a page that asks for one press (a POST): mail scanners that follow every
 * link in an email then neither confirm nor unsubscribe anyone. The List-Unsubscribe header's
 * address takes the one-click POST of RFC 8058 itself.
 */

/** The page a confirmation email's link opens. */
export const confirmPath = (token: string) => `/newsletter/confirm?token=${encodeURIComponent(token)}`;

/** The page a letter's visible unsubscribe link opens. */
export const unsubscribePath = (token: string) => `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

/** The List-Unsubscribe address: RFC 8058's one-click POST (and the unsubscribe page's form) land here. */
export const oneClickUnsubscribePath = (token: string) =>
  `/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

/** A sent letter's public web version. */
export const letterPath = (slug: string) => `/newsletter/${slug}`;

/** The list of sent letters. */
export const LETTERS_PATH = '/newsletter';

/** An absolute address on the site, for an email. */
export const absolute = (path: string, siteUrl: string) => new URL(path, siteUrl).toString();
