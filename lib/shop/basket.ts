import { eq, inArray } from 'drizzle-orm';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { artworks, products, productVariants, type productKinds } from '@/lib/db/schema';
import { originalStates, type CartLine } from './checkout';
import { penceOf } from './money';
import { originalOffer } from './offer-rule';

type ProductKind = (typeof productKinds)[number];

/** One line of the basket as the visitor sees it now: today's title and price, and whether it can still be bought. */
export type BasketLine = {
  line: CartLine;
  /** What it is, for the subscriber discount's kinds: an original, or its product's kind. */
  kind: 'original' | ProductKind;
  title: string;
  unitPence: number | null;
  quantity: number;
  /** `left`: fewer than asked remain (how many in `left`). */
  state: 'available' | 'reserved' | 'sold' | 'unavailable' | 'left';
  left?: number;
};

/**
 * The basket read against the database: prices as they are now (a price changed while the
 * basket held it shows the new one before checkout), originals reserved or sold since, variants
 * archived or short of stock. Checkout reads the same rows again, in its transaction.
 */
export async function readBasket(db: Database, lines: CartLine[], now = new Date()): Promise<BasketLine[]> {
  const artworkIds = lines.flatMap((line) => (line.kind === 'original' ? [line.artworkId] : []));
  const variantIds = lines.flatMap((line) => (line.kind === 'variant' ? [line.variantId] : []));
  const [arts, variants, states] = await Promise.all([
    artworkIds.length === 0
      ? []
      : asSystem(db, 'shop', (sys) =>
          sys
            .select({
              id: artworks.id,
              title: artworks.title,
              status: artworks.status,
              isArchived: artworks.isArchived,
              isForSale: artworks.isForSale,
              availability: artworks.availability,
              price: artworks.price,
              currency: artworks.currency,
            })
            .from(artworks)
            .where(inArray(artworks.id, artworkIds)),
        ),
    variantIds.length === 0
      ? []
      : asSystem(db, 'shop', (sys) =>
          sys
            .select({
              id: productVariants.id,
              label: productVariants.label,
              pence: productVariants.pricePence,
              stock: productVariants.stock,
              archived: productVariants.archived,
              title: products.title,
              kind: products.kind,
              productArchived: products.archived,
            })
            .from(productVariants)
            .innerJoin(products, eq(products.id, productVariants.productId))
            .where(inArray(productVariants.id, variantIds)),
        ),
    originalStates(db, artworkIds, now),
  ]);
  return lines.map((line): BasketLine => {
    if (line.kind === 'original') {
      const art = arts.find((a) => a.id === line.artworkId);
      const pence = penceOf(art?.price);
      const title = art ? `${art.title} (original painting)` : 'A painting no longer listed';
      const state = states.get(line.artworkId);
      // Sold through the shop reads Sold; anything else the offer rule refuses (sold at an
      // exhibition, taken off sale, unpublished, archived, priced otherwise) is no longer for sale.
      const kind = 'original';
      if (state === 'sold') return { line, kind, title, unitPence: pence, quantity: 1, state };
      if (!art || !originalOffer(art).offered)
        return { line, kind, title, unitPence: pence, quantity: 1, state: 'unavailable' };
      return { line, kind, title, unitPence: pence, quantity: 1, state: state ?? 'available' };
    }
    const variant = variants.find((v) => v.id === line.variantId);
    // A variant no longer listed is not for sale whatever its kind: 'print' only names it.
    const kind = variant?.kind ?? 'print';
    if (!variant || variant.archived || variant.productArchived)
      return {
        line,
        kind,
        title: variant ? `${variant.title}, ${variant.label}` : 'An item no longer listed',
        unitPence: variant?.pence ?? null,
        quantity: line.quantity,
        state: 'unavailable',
      };
    const title = `${variant.title}, ${variant.label}`;
    if (variant.stock !== null && variant.stock < line.quantity)
      return {
        line,
        kind,
        title,
        unitPence: variant.pence,
        quantity: line.quantity,
        state: variant.stock === 0 ? 'sold' : 'left',
        left: variant.stock,
      };
    return { line, kind, title, unitPence: variant.pence, quantity: line.quantity, state: 'available' };
  });
}

/**
 * Whether "Buy this original" or "Add to basket" may put this in the basket: not when the basket
 * would mark it no longer for sale or sold (an id posted from a stale page, or by hand), so an
 * archived or unpublished painting, an original the offer rule refuses, an archived product or
 * variant, or a sold-out variant never enters it. A reserved original or a variant short of the
 * quantity does: either may change before checkout, and the basket says so meanwhile.
 */
export async function canAddToBasket(db: Database, line: CartLine, now = new Date()): Promise<boolean> {
  const [read] = await readBasket(db, [line], now);
  return read !== undefined && read.state !== 'unavailable' && read.state !== 'sold';
}
