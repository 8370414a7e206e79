import { buttonVariants } from '@/components/ui/button-variants';
import { discountMessages, discountWords, type DiscountCheck, type DiscountRefusal } from '@/lib/newsletter';
import { applyDiscount, removeDiscount } from '@/lib/shop/basket-actions';

/** What the last "Apply" or "Remove code" said, by the code the basket page was sent back with. */
export type DiscountOutcome = DiscountRefusal | 'applied' | 'removed';
export const DISCOUNT_OUTCOMES: readonly DiscountOutcome[] = [
  'empty',
  'unknown',
  'inactive',
  'tries',
  'applied',
  'removed',
];

export type BasketDiscount = {
  /** The code the basket holds, and whether it works now. */
  held: { code: string; check: DiscountCheck } | null;
  /** The owner's discount, for the field's hint; null while it is off (the field is then not offered). */
  offer: { percent: number; kinds: Extract<DiscountCheck, { ok: true }>['kinds'] } | null;
  outcome: DiscountOutcome | null;
};

export const discountTexts = {
  applied: 'Discount code applied.',
  removed: 'Discount code removed.',
  email: 'Your order confirmation goes to the email address this code was sent to.',
  stopped: 'Prices are shown without the discount. Remove the code to check out at full price.',
} as const;

/**
 * The basket's "Discount code" (docs/product.md, Basket): plain forms, so it works before the
 * page's scripts load. A code that works shows what it takes off and "Remove code"; one that has
 * stopped since it was applied says so; a code refused by "Apply" shows why by the field.
 */
export function DiscountField({ discount }: { discount: BasketDiscount }) {
  const { held, offer, outcome } = discount;
  if (held) return <HeldCode held={held} outcome={outcome} />;
  if (!offer) return null;
  const refusal = outcome && outcome in discountMessages ? discountMessages[outcome as DiscountRefusal] : null;
  return (
    <form action={applyDiscount} className="flex flex-col gap-2 rounded-card border border-line bg-white p-5">
      <label htmlFor="discount-code" className="font-medium text-ink">
        Discount code
      </label>
      <p id="discount-hint" className="text-sm text-ink-soft">
        Newsletter subscribers get {discountWords(offer)}: enter the code from your welcome email.
      </p>
      <div className="flex flex-wrap items-start gap-2">
        <input
          id="discount-code"
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? 'discount-hint discount-error' : 'discount-hint'}
          className="field-input h-11 max-w-xs uppercase"
        />
        <button type="submit" className={buttonVariants({ variant: 'secondary' })}>
          Apply
        </button>
      </div>
      {refusal ? (
        <p id="discount-error" role="alert" className="text-sm font-medium text-clay">
          {refusal}
        </p>
      ) : outcome === 'removed' ? (
        <p role="status" className="text-sm text-ink-soft">
          {discountTexts.removed}
        </p>
      ) : null}
    </form>
  );
}

function HeldCode({ held, outcome }: { held: NonNullable<BasketDiscount['held']>; outcome: DiscountOutcome | null }) {
  const { code, check } = held;
  return (
    <div className="flex flex-col gap-2 rounded-card border border-line bg-white p-5">
      <p className="font-medium text-ink">
        Discount code <span className="font-mono">{code}</span>
      </p>
      {check.ok ? (
        <>
          <p role={outcome === 'applied' ? 'status' : undefined} className="text-sm text-ink">
            {outcome === 'applied' ? `${discountTexts.applied} ` : ''}
            {capitalise(discountWords(check))}.
          </p>
          <p className="text-sm text-ink-soft">{discountTexts.email}</p>
        </>
      ) : (
        <p id="discount-error" role="alert" className="text-sm font-medium text-clay">
          {check.message} {discountTexts.stopped}
        </p>
      )}
      <form action={removeDiscount}>
        <button
          type="submit"
          aria-label="Remove discount code"
          className={buttonVariants({ variant: 'ghost', size: 'sm' })}
        >
          Remove code
        </button>
      </form>
    </div>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
