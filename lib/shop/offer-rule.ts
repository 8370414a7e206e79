import { penceOf } from './money';

/**
 * Whether a painting's original is offered: the one rule the shop, the artwork page's "Buy this
 * original", the basket, checkout, and the page's JSON-LD Offer all read, so none of them can
 * offer what another says is gone. Pure (the artwork's own columns), for server and page alike.
 */
export type OfferFacts = {
  status: 'draft' | 'published';
  isArchived: boolean;
  isForSale: boolean;
  /** The owner's Availability line, as written. */
  availability: string | null;
  /** The owner's price text ('£450', '450', 'On request', '$500'). */
  price: string | null;
  /** The artwork's Currency field (three letters; GBP on a new artwork). */
  currency: string | null;
};

export type OriginalOffer =
  | { offered: true; pence: number }
  | { offered: false; reason: 'unpublished' | 'archived' | 'not-for-sale' | 'sold' | 'withdrawn' | 'no-price' }
  | { offered: false; reason: 'currency'; currency: string };

/**
 * Availability wording that takes the original off sale whatever the For sale box says: sold
 * (after an exhibition, say), reserved, unavailable, not for sale, not available.
 */
const SOLD = /\bsold\b/i;
const WITHDRAWN = /\b(?:reserved|unavailable|not\s+(?:for\s+sale|available))\b/i;

export function originalOffer(art: OfferFacts): OriginalOffer {
  if (art.status !== 'published') return { offered: false, reason: 'unpublished' };
  if (art.isArchived) return { offered: false, reason: 'archived' };
  if (!art.isForSale) return { offered: false, reason: 'not-for-sale' };
  const availability = art.availability ?? '';
  if (SOLD.test(availability)) return { offered: false, reason: 'sold' };
  if (WITHDRAWN.test(availability)) return { offered: false, reason: 'withdrawn' };
  const currency = artworkCurrency(art);
  if (currency !== 'GBP') return { offered: false, reason: 'currency', currency };
  const pence = penceOf(art.price);
  return pence !== null ? { offered: true, pence } : { offered: false, reason: 'no-price' };
}

/**
 * The currency a painting is priced in: the one its price text names ('$500', '400 EUR'), else
 * its Currency field. A bare '500' with the field set to USD is dollars, not pounds.
 */
export function artworkCurrency(art: Pick<OfferFacts, 'price' | 'currency'>): string {
  const named = priceCurrency(art.price);
  return named && named !== 'GBP' ? named : art.currency?.trim().toUpperCase() || 'GBP';
}

/** Symbols a price may be written with, longest first (so 'US$' is not read as '$'). */
const SYMBOLS: readonly (readonly [string, string])[] = [
  ['US$', 'USD'],
  ['CA$', 'CAD'],
  ['AU$', 'AUD'],
  ['NZ$', 'NZD'],
  ['HK$', 'HKD'],
  ['C$', 'CAD'],
  ['A$', 'AUD'],
  ['$', 'USD'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['¥', 'JPY'],
  ['₹', 'INR'],
  ['zł', 'PLN'],
];
const ISO_CODES = new Set(Intl.supportedValuesOf('currency'));
/** A three-letter code right before or after a number ('USD 500', '400 EUR'): a code elsewhere may be a word. */
const CODE_BY_AMOUNT = /(?:^|[^a-z])([a-z]{3})\s*\d|\d\s*([a-z]{3})(?![a-z])/i;

/** The currency a price text names (ISO 4217), by its symbol or code; null when it names none. */
export function priceCurrency(price: string | null | undefined): string | null {
  const text = price?.trim() ?? '';
  const coded = CODE_BY_AMOUNT.exec(text);
  const code = (coded?.[1] ?? coded?.[2])?.toUpperCase();
  if (code && ISO_CODES.has(code)) return code;
  return SYMBOLS.find(([symbol]) => text.includes(symbol))?.[1] ?? null;
}

/**
 * What keeps a painting the owner has for sale out of the shop when its price is the cause, as
 * /admin/shop lists it; null when it is offered, or left out on purpose (sold, not for sale).
 */
export function priceProblem(offer: OriginalOffer): string | null {
  if (offer.offered) return null;
  if (offer.reason === 'currency') return `not offered: priced in ${offer.currency}`;
  if (offer.reason === 'no-price') return 'not offered: no price in GBP';
  return null;
}
