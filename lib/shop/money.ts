import { formatPrice, priceAmount } from '@/lib/price';

/**
 * The shop's amounts are whole pence (integers in the database, as Stripe takes them); the owner
 * types and reads pounds. One place for the conversions.
 */

/**
 * A price typed in pounds ('35', '35.00', '£1,200.50') as pence, or null when it is not an
 * amount with at most two decimals. Zero is an amount here; callers say whether it is allowed.
 */
export function poundsToPence(text: string): number | null {
  const amount = priceAmount(text);
  if (amount === null) return null;
  const [pounds, pence] = amount.split('.');
  const total = Number(pounds) * 100 + Number(pence);
  return Number.isSafeInteger(total) ? total : null;
}

/** Pence as the owner types it back: '35.00'. */
export function penceToPounds(pence: number): string {
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
}

/** An artwork's price text as pence, when it states an amount above nothing ('£450', '1,200.50'). */
export function penceOf(price: string | null | undefined): number | null {
  const pence = poundsToPence(price ?? '');
  return pence !== null && pence > 0 ? pence : null;
}

/** An amount in pence as the site shows prices (£1,234.50); nothing for no amount. */
export function formatPence(pence: number | null | undefined): string {
  return pence === null || pence === undefined ? '' : (formatPrice(pence / 100) ?? '');
}
