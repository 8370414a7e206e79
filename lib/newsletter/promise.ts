import { discountWords, type DiscountSettings } from './discount-settings';

/**
 * What the newsletter brings, in the footer's words with the owner's current discount: "new
 * paintings, exhibitions and 20% off prints"; with the discount off, "new paintings and
 * exhibitions" (docs/product.md, Newsletter).
 */
export function newsletterPromise(discount: Pick<DiscountSettings, 'on' | 'percent' | 'kinds'>): string {
  return discount.on ? `new paintings, exhibitions and ${discountWords(discount)}` : 'new paintings and exhibitions';
}
