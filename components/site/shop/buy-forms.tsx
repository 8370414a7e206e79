import { buttonVariants } from '@/components/ui/button-variants';
import { fieldClasses } from '@/components/ui/field-classes';
import { addToBasket } from '@/lib/shop/basket-actions';
import type { OriginalState, ShopProduct } from '@/lib/shop/storefront';
import { formatPence } from '@/lib/shop/money';

/**
 * The shop's buying forms: plain forms posting to the basket's server actions, so they work
 * before the page's scripts load and add no JavaScript of their own to the page.
 */
export function BuyOriginal({
  artworkId,
  title,
  state,
  className = '',
}: {
  artworkId: string;
  title: string;
  state: OriginalState;
  className?: string;
}) {
  if (state === 'sold')
    return (
      <p
        className={`inline-flex min-h-11 items-center rounded-md bg-paper-deep px-4 font-medium text-ink ${className}`}
      >
        Sold
      </p>
    );
  if (state === 'reserved')
    return (
      <p
        className={`inline-flex min-h-11 items-center rounded-md bg-paper-deep px-4 font-medium text-ink ${className}`}
      >
        Reserved
      </p>
    );
  return (
    <form action={addToBasket} className={className}>
      <input type="hidden" name="kind" value="original" />
      <input type="hidden" name="artworkId" value={artworkId} />
      <button
        type="submit"
        aria-label={`Buy this original: ${title}`}
        className={`${buttonVariants()} w-full sm:w-auto`}
      >
        Buy this original
      </button>
    </form>
  );
}

const soldOut = (stock: number | null) => stock !== null && stock <= 0;

/** A product's sizes or options and "Add to basket"; a sold-out option is listed but cannot be chosen. */
export function AddProduct({ product, headingId }: { product: ShopProduct; headingId?: string }) {
  const choosable = product.variants.filter((variant) => !soldOut(variant.stock));
  const selectId = `variant-${product.id}`;
  return (
    <form action={addToBasket} className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-labelledby={headingId}>
      <input type="hidden" name="kind" value="variant" />
      {product.variants.length === 1 ? (
        <>
          <input type="hidden" name="variantId" value={product.variants[0]!.id} />
          <p className="flex-1 text-ink">
            {product.variants[0]!.label} ·{' '}
            <span className="font-serif text-lg">{formatPence(product.variants[0]!.pence)}</span>
          </p>
        </>
      ) : (
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor={selectId} className="text-sm font-medium text-ink">
            Option
          </label>
          <select id={selectId} name="variantId" className={`${fieldClasses} h-11`} defaultValue={choosable[0]?.id}>
            {product.variants.map((variant) => (
              <option key={variant.id} value={variant.id} disabled={soldOut(variant.stock)}>
                {variant.label}, {formatPence(variant.pence)}
                {soldOut(variant.stock) ? ' (sold out)' : ''}
              </option>
            ))}
          </select>
        </div>
      )}
      <input type="hidden" name="quantity" value="1" />
      <button
        type="submit"
        disabled={choosable.length === 0}
        aria-label={`${choosable.length === 0 ? 'Sold out' : 'Add to basket'}: ${product.title}`}
        className={buttonVariants({ variant: 'secondary' })}
      >
        {choosable.length === 0 ? 'Sold out' : 'Add to basket'}
      </button>
    </form>
  );
}
