import { eq, inArray } from 'drizzle-orm';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { artworks, products, productVariants } from '@/lib/db/schema';
import { originalStates, type CartLine } from './checkout';
import { penceOf } from './money';

/** One line of the basket as the visitor sees it now: today's title and price, and whether it can still be bought. */
export type BasketLine = {
  line: CartLine;
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
    artworkIds.length === 0 ? [] : asSystem(db, 'shop', (sys) => sys.select({ id: artworks.id, title: artworks.title, price: artworks.price, forSale: artworks.isForSale, status: artworks.status }).from(artworks).where(inArray(artworks.id, artworkIds))),
    variantIds.length === 0
      ? []
      : asSystem(db, 'shop', (sys) =>
          sys
            .select({ id: productVariants.id, label: productVariants.label, pence: productVariants.pricePence, stock: productVariants.stock, archived: productVariants.archived, title: products.title, productArchived: products.archived })
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
      if (!art || art.status !== 'published' || !art.forSale || pence === null) return { line, title, unitPence: pence, quantity: 1, state: 'unavailable' };
      const state = states.get(line.artworkId);
      return { line, title, unitPence: pence, quantity: 1, state: state ?? 'available' };
    }
    const variant = variants.find((v) => v.id === line.variantId);
    if (!variant || variant.archived || variant.productArchived) return { line, title: variant ? `${variant.title}, ${variant.label}` : 'An item no longer listed', unitPence: variant?.pence ?? null, quantity: line.quantity, state: 'unavailable' };
    const title = `${variant.title}, ${variant.label}`;
    if (variant.stock !== null && variant.stock < line.quantity) return { line, title, unitPence: variant.pence, quantity: line.quantity, state: variant.stock === 0 ? 'sold' : 'left', left: variant.stock };
    return { line, title, unitPence: variant.pence, quantity: line.quantity, state: 'available' };
  });
}
