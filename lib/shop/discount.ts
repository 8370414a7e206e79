import { discountedPence, discountWords, type DiscountCheck, type DiscountKind } from '@/lib/newsletter';
import { formatPence } from './money';

/**
 * The subscriber discount on the shop's lines (docs/product.md, The subscriber discount): a line
 * whose kind the owner chose costs its list price less the percentage, each one rounded to whole
 * pence (discountedPence); other lines and delivery cost what they always do. The basket shows
 * it and checkout charges it with the same functions, so the two never differ.
 */

/** A code that works, as checkDiscountCode answered it. */
export type AppliedDiscount = Extract<DiscountCheck, { ok: true }>;

/** The price of one with the discount, or the list price when the discount does not cover its kind. */
export function chargedUnitPence(listPence: number, kind: DiscountKind, discount: AppliedDiscount | null): number {
  if (!discount || !discount.kinds.includes(kind)) return listPence;
  return discountedPence(listPence, discount.percent);
}

/** What pricing needs of a basket line (lib/shop/basket.ts, BasketLine): its kind, list price, quantity, state. */
type Priceable = { kind: DiscountKind; unitPence: number | null; quantity: number; state: string };

/** A basket line with what it costs now: `unitPence` stays the list price, `chargedPence` is what checkout charges. */
export type PricedLine<L extends Priceable = Priceable> = L & { chargedPence: number | null; discounted: boolean };

export type PricedBasket<L extends Priceable = Priceable> = {
  lines: PricedLine<L>[];
  /** The lines that can be bought, at their list prices. */
  listSubtotalPence: number;
  /** What the discount takes off them. */
  discountPence: number;
  /** What they cost: what checkout charges before delivery. */
  subtotalPence: number;
};

/** The basket's lines and totals with the discount, if any; a line that cannot be bought counts for nothing. */
export function priceBasket<L extends Priceable>(lines: L[], discount: AppliedDiscount | null): PricedBasket<L> {
  const priced = lines.map((line): PricedLine<L> => {
    if (line.unitPence === null || line.state !== 'available')
      return { ...line, chargedPence: line.unitPence, discounted: false };
    const charged = chargedUnitPence(line.unitPence, line.kind, discount);
    return { ...line, chargedPence: charged, discounted: charged < line.unitPence };
  });
  const counted = priced.filter((line) => line.state === 'available');
  const listSubtotalPence = counted.reduce((sum, line) => sum + (line.unitPence ?? 0) * line.quantity, 0);
  const subtotalPence = counted.reduce((sum, line) => sum + (line.chargedPence ?? 0) * line.quantity, 0);
  return { lines: priced, listSubtotalPence, discountPence: listSubtotalPence - subtotalPence, subtotalPence };
}

/** The basket's line for the discount: "Subscriber discount (20% off prints, cards and coasters)". */
export const basketDiscountLabel = (discount: Pick<AppliedDiscount, 'percent' | 'kinds'>) =>
  `Subscriber discount (${discountWords(discount)})`;

/** An order's line for it, with the code used: "Subscriber discount (PRINTS-1A2B3C4D5E)". */
export const orderDiscountLabel = (code: string | null) =>
  code ? `Subscriber discount (${code})` : 'Subscriber discount';

/** An amount taken off, as the basket and the order show it: "−£7.00". */
export const minusPence = (pence: number) => `−${formatPence(pence)}`;

/** What Stripe's page says under a discounted line: "20% subscriber discount (was £35.00)". */
export const stripeDiscountNote = (percent: number, listPence: number) =>
  `${percent}% subscriber discount (was ${formatPence(listPence)})`;
