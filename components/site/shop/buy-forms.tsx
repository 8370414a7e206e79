import { buttonVariants } from '@/components/ui/button-variants';
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
  form,
}: {
  artworkId: string;
  title: string;
  state: OriginalState;
  /** The id of a page's shared <BuyOriginalForm>: the button submits it, naming its painting. */
  form?: string;
}) {
  if (state === 'sold')
    return <p className="inline-flex min-h-11 items-center rounded-md bg-paper-deep px-4 font-medium text-ink">Sold</p>;
  if (state === 'reserved')
    return (
      <p className="inline-flex min-h-11 items-center rounded-md bg-paper-deep px-4 font-medium text-ink">Reserved</p>
    );
  const button = (
    // A button's type is submit by default: left unwritten, as each card writes it twice.
    <button
      form={form}
      name="artworkId"
      value={artworkId}
      aria-label={`Buy this original: ${title}`}
      className={`${buttonVariants()} btn-wide`}
    >
      Buy this original
    </button>
  );
  if (form) return button;
  return (
    <form action={addToBasket}>
      <input type="hidden" name="kind" value="original" />
      {button}
    </form>
  );
}

/**
 * One form for every original a list offers: each card's button submits it (`form`) with its
 * painting's id as the button's value, instead of a form of its own. A form of its own cost each
 * card about 490 bytes of HTML and flight data (the action's id, the hidden fields).
 */
export function BuyOriginalForm({ id }: { id: string }) {
  return (
    <form id={id} action={addToBasket} hidden>
      <input type="hidden" name="kind" value="original" />
    </form>
  );
}

const soldOut = (stock: number | null) => stock !== null && stock <= 0;

/**
 * A product's sizes or options and "Add to basket"; a sold-out option is listed but cannot be
 * chosen. The form is labelled by the product's heading (`headingId`), whose id its select's
 * id extends. Styled through .add-product.
 */
export function AddProduct({ product, headingId }: { product: ShopProduct; headingId: string }) {
  const choosable = product.variants.filter((variant) => !soldOut(variant.stock));
  const selectId = `${headingId}-option`;
  return (
    <form action={addToBasket} className="add-product" aria-labelledby={headingId}>
      <input type="hidden" name="kind" value="variant" />
      {product.variants.length === 1 ? (
        <>
          <input type="hidden" name="variantId" value={product.variants[0]!.id} />
          <p>
            {product.variants[0]!.label}
            {' ·'} <span>{formatPence(product.variants[0]!.pence)}</span>
          </p>
        </>
      ) : (
        <div>
          <label htmlFor={selectId}>Option</label>
          <select id={selectId} name="variantId" className="field-input h-11" defaultValue={choosable[0]?.id}>
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
