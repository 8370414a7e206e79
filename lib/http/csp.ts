/**
 * Content Security Policy. Admin pages, /search and /__debug render per request, so their
 * scripts carry a fresh nonce and nothing else runs ('strict-dynamic': what a trusted script
 * loads is trusted). Public pages are served whole from the cache, where a per-request nonce cannot be (the HTML is the same for
 * everyone), so their inline scripts (Next's page data) stay allowed; everything else is as
 * strict: no eval, no plugins, no <base>, no framing, forms post only here (and the shop's checkout form may lead on to Stripe's payment page), images and fonts
 * only from this site and its image storage.
 */
export type CspOptions = {
  /** Pages rendered per request: the request's nonce. Cached public pages: none. */
  nonce?: string;
  /** Where stored images are served from when that is not this site (Supabase Storage). */
  storageOrigin?: string;
  /** `next dev` needs eval for its error overlay and fast refresh; production never does. */
  dev?: boolean;
  /** Ask browsers to load every subresource over https (an https site only). */
  https?: boolean;
  /** Other origins scripts may call (the /__debug page's configured third-party checks only). */
  connectOrigins?: string[];
  /**
   * No script at all: for a page rendered per request that proxy.ts did not see (a body too large
   * to pass through it), so it has no nonce of its own. Next takes its scripts' nonce from the
   * request's policy header, which such a request brings itself: none of them may run.
   */
  noScripts?: boolean;
};

/** Where Stripe Checkout's hosted pages are (its sessions' `url`). */
export const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

export function contentSecurityPolicy({
  nonce,
  storageOrigin,
  dev = false,
  https = false,
  connectOrigins = [],
  noScripts = false,
}: CspOptions): string {
  const eval_ = dev ? " 'unsafe-eval'" : '';
  // 'self' after 'strict-dynamic' is for browsers without it (Safari before 15.4, the older
  // iPads /__debug is there for): they ignore the keyword and would otherwise block the chunks
  // Next's runtime loads without a nonce. Browsers with it ignore 'self', so the policy is as
  // strict there.
  const scripts = noScripts
    ? `'none'`
    : nonce
      ? `'nonce-${nonce}' 'strict-dynamic' 'self'${eval_}`
      : `'self' 'unsafe-inline'${eval_}`;
  const storage = storageOrigin ? ` ${storageOrigin}` : '';
  const directives = [
    `default-src 'self'`,
    `script-src ${scripts}`,
    // React and Radix set style attributes (positions, blur placeholders): styles may be inline.
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:${storage}`,
    `font-src 'self'`,
    `connect-src ${["'self'", ...connectOrigins, ...(dev ? ['ws:'] : [])].join(' ')}`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `frame-ancestors 'none'`,
    // The shop's checkout form is answered with a redirect to Stripe's hosted payment page, and
    // form-action also governs where a form's redirects may lead (lib/shop/basket-actions.ts).
    `form-action 'self' ${STRIPE_CHECKOUT_ORIGIN}`,
    ...(https ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

/** What every policy depends on, fixed for the process: read from the parsed environment. */
export function policyOptions(config: {
  NEXT_PUBLIC_SUPABASE_URL?: string;
  SITE_URL: string;
  NODE_ENV: string;
}): CspOptions {
  return {
    storageOrigin: config.NEXT_PUBLIC_SUPABASE_URL ? new URL(config.NEXT_PUBLIC_SUPABASE_URL).origin : undefined,
    dev: config.NODE_ENV === 'development',
    https: new URL(config.SITE_URL).protocol === 'https:',
  };
}

/** The nonce a policy allows scripts by ('nonce-…'), if any: for an inline script a page renders itself. */
export function nonceOf(policy: string | null): string | undefined {
  return policy?.match(/'nonce-([^']+)'/)?.[1];
}

/** A fresh, unguessable nonce (128 bits). */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}
