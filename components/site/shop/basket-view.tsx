import { IntentLink } from '@/components/site/intent-link';
import { buttonVariants } from '@/components/ui/button-variants';
import { discountMessages } from '@/lib/newsletter';
import type { BasketLine } from '@/lib/shop/basket';
import { changeBasket, checkout } from '@/lib/shop/basket-actions';
import { MAX_QUANTITY } from '@/lib/shop/cart';
import { shopMessages } from '@/lib/shop/checkout';
import {
  basketDiscountLabel,
  minusPence,
  priceBasket,
  type AppliedDiscount,
  type PricedBasket,
  type PricedLine,
} from '@/lib/shop/discount';
import { formatPence } from '@/lib/shop/money';
import { DiscountField, type BasketDiscount } from './discount-field';

/** What the basket page says after an action, by the code it was sent back with (lib/shop/basket-actions.ts). */
export const BASKET_NOTICES = {
  added: { tone: 'status', text: 'Added to your basket.' },
  cancelled: { tone: 'status', text: 'Checkout cancelled: nothing was charged, and your basket is as you left it.' },
  closed: { tone: 'alert', text: shopMessages.closed },
  empty: { tone: 'alert', text: shopMessages.empty },
  payment: { tone: 'alert', text: shopMessages.paymentDown },
  open: { tone: 'alert', text: shopMessages.open },
  hourly: { tone: 'alert', text: shopMessages.hourly },
  changed: {
    tone: 'alert',
    text: 'Something in your basket has changed since you added it (see below). Nothing was charged.',
  },
  item: { tone: 'alert', text: 'That item could not be added to your basket.' },
  gone: { tone: 'alert', text: 'That item is no longer for sale, so it was not added to your basket.' },
  quantity: { tone: 'alert', text: `Choose a quantity from 1 to ${MAX_QUANTITY}.` },
  discount: {
    tone: 'alert',
    text: `${discountMessages.inactive} Nothing was charged: remove the code to check out at full price.`,
  },
} as const;
export type BasketNotice = keyof typeof BASKET_NOTICES;

function stateNote(line: BasketLine): string | null {
  switch (line.state) {
    case 'reserved':
      return 'Reserved by another buyer at the moment: it may be free again within half an hour.';
    case 'sold':
      return line.line.kind === 'original' ? 'Sold.' : 'Sold out.';
    case 'unavailable':
      return 'No longer for sale: please remove it to check out.';
    case 'left':
      return `Only ${line.left} left: please lower the quantity to check out.`;
    default:
      return null;
  }
}

const lineKey = (line: BasketLine) =>
  line.line.kind === 'original' ? `o-${line.line.artworkId}` : `v-${line.line.variantId}`;

function IdFields({ line }: { line: BasketLine }) {
  return line.line.kind === 'original' ? (
    <>
      <input type="hidden" name="kind" value="original" />
      <input type="hidden" name="artworkId" value={line.line.artworkId} />
    </>
  ) : (
    <>
      <input type="hidden" name="kind" value="variant" />
      <input type="hidden" name="variantId" value={line.line.variantId} />
    </>
  );
}

/** A line's price: with the discount, the list price struck through and the price after it. */
function LinePrice({ line }: { line: PricedLine<BasketLine> }) {
  if (line.unitPence === null) return <p className="text-sm text-ink-soft">Price on request</p>;
  if (!line.discounted) return <p className="text-sm text-ink-soft">{formatPence(line.unitPence)} each</p>;
  return (
    <p className="text-sm text-ink-soft">
      <span className="sr-only">Was </span>
      <s>{formatPence(line.unitPence)}</s> <span className="sr-only">now </span>
      <span className="font-medium text-ink">{formatPence(line.chargedPence)} each</span>
    </p>
  );
}

/** The discount's total (when it takes anything off) and the subtotal the lines come to. */
function Totals({ priced, label }: { priced: PricedBasket<BasketLine>; label: string | null }) {
  return (
    <div className="flex flex-col items-end gap-1 text-right text-ink">
      {label && priced.discountPence > 0 ? (
        <p>
          {label} <span className="ml-2 whitespace-nowrap">{minusPence(priced.discountPence)}</span>
        </p>
      ) : null}
      <p className="text-lg">
        Subtotal <span className="ml-2 font-serif text-2xl">{formatPence(priced.subtotalPence)}</span>
      </p>
    </div>
  );
}

/**
 * The totals, what comes next, and "Checkout": disabled while a line is marked, or while the basket
 * holds a code that has stopped (checkout would refuse it).
 */
function CheckoutArea({
  priced,
  applied,
  codeStopped,
}: {
  priced: PricedBasket<BasketLine>;
  applied: AppliedDiscount | null;
  codeStopped: boolean;
}) {
  const linesReady = priced.lines.every((line) => line.state === 'available');
  const ready = linesReady && !codeStopped;
  return (
    <div className="mt-8 flex flex-col items-end gap-4">
      <Totals priced={priced} label={applied ? basketDiscountLabel(applied) : null} />
      <p className="max-w-md text-right text-sm text-ink-soft">
        Delivery to the UK, Europe or the rest of the world is chosen and added on the next step
        {applied ? ' (the discount is not taken off delivery)' : ''}. You pay on Stripe’s secure page: no card details
        reach this site.
      </p>
      <form action={checkout}>
        <button type="submit" disabled={!ready} className={buttonVariants()}>
          Checkout
        </button>
      </form>
      {!ready && (
        <p className="text-sm text-ink-soft">
          {linesReady
            ? 'Remove the discount code to check out at full price.'
            : 'Remove or change the items marked above to check out.'}
        </p>
      )}
    </div>
  );
}

const NO_DISCOUNT: BasketDiscount = { held: null, offer: null, outcome: null };

/**
 * The basket as it stands in the database now: today's prices (a price changed since an item was
 * added shows the new one here, before checkout), and what can no longer be bought as asked; with
 * a subscriber's code that works, the lines it covers at their discounted prices.
 */
export function BasketView({
  lines,
  notice,
  discount = NO_DISCOUNT,
}: {
  lines: BasketLine[];
  notice: BasketNotice | null;
  discount?: BasketDiscount;
}) {
  const message = notice ? BASKET_NOTICES[notice] : null;
  const applied = discount.held?.check.ok ? discount.held.check : null;
  const priced = priceBasket(lines, applied);
  const codeStopped = discount.held !== null && !discount.held.check.ok;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      {message && (
        <p
          role={message.tone}
          className={`mb-8 rounded-card border p-4 ${message.tone === 'alert' ? 'border-clay/50 bg-white text-ink' : 'border-line bg-wash-light text-ink'}`}
        >
          {message.text}
        </p>
      )}
      {lines.length === 0 ? (
        <div className="text-center">
          <p className="text-lg text-ink-soft">Your basket is empty.</p>
          <IntentLink href="/shop" className={`${buttonVariants()} mt-6`}>
            Browse the Shop
          </IntentLink>
        </div>
      ) : (
        <>
          <ul className="divide-y divide-line rounded-card border border-line bg-white">
            {priced.lines.map((line) => {
              const note = stateNote(line);
              const quantityId = `quantity-${lineKey(line)}`;
              return (
                <li
                  key={lineKey(line)}
                  className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="font-medium text-ink">{line.title}</p>
                    <LinePrice line={line} />
                    {note && <p className="mt-1 text-sm font-medium text-clay">{note}</p>}
                  </div>
                  <div className="flex flex-wrap items-end gap-3">
                    {line.line.kind === 'variant' && line.state !== 'unavailable' ? (
                      <form action={changeBasket} className="flex items-end gap-2">
                        <IdFields line={line} />
                        <div className="flex flex-col gap-1">
                          <label htmlFor={quantityId} className="text-xs font-medium text-ink-soft">
                            Quantity
                          </label>
                          <select
                            id={quantityId}
                            name="quantity"
                            aria-label={`Quantity of ${line.title}`}
                            defaultValue={String(line.quantity)}
                            className="field-input h-11 w-20"
                          >
                            {Array.from({ length: MAX_QUANTITY }, (_, index) => index + 1).map((count) => (
                              <option key={count} value={count}>
                                {count}
                              </option>
                            ))}
                          </select>
                        </div>
                        <button
                          type="submit"
                          aria-label={`Update ${line.title}`}
                          className={buttonVariants({ variant: 'secondary', size: 'sm' })}
                        >
                          Update
                        </button>
                      </form>
                    ) : null}
                    <form action={changeBasket}>
                      <IdFields line={line} />
                      <input type="hidden" name="quantity" value="0" />
                      <button
                        type="submit"
                        aria-label={`Remove ${line.title}`}
                        className={buttonVariants({ variant: 'ghost', size: 'sm' })}
                      >
                        Remove
                      </button>
                    </form>
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="mt-8">
            <DiscountField discount={discount} />
          </div>
          <CheckoutArea priced={priced} applied={applied} codeStopped={codeStopped} />
        </>
      )}
    </div>
  );
}
