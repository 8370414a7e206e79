import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { artworks, products, productVariants, type productKinds } from '@/lib/db/schema';
import { readShopOpen } from './catalogue';
import { originalStates } from './checkout';
import { originalOffer } from './offer-rule';

/**
 * What the public shop shows, read as the server's shop task (the shop's tables are private):
 * the originals for sale with whether each is free, reserved by an open checkout or sold, and
 * the products with their variants. Nothing here while the shop is closed: every page then stays
 * as it was before the shop existed.
 */
export type OriginalState = 'available' | 'reserved' | 'sold';

export type ShopOriginal = {
  id: string;
  title: string;
  slug: string;
  category: string | null;
  description: string | null;
  pence: number;
  state: OriginalState;
  imageUrl: string | null;
  imageAlt: string | null;
  imageThumb400Url: string | null;
  imageThumb800Url: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
};

export type ShopVariant = { id: string; label: string; pence: number; stock: number | null };

export type ShopProduct = {
  id: string;
  kind: (typeof productKinds)[number];
  title: string;
  description: string;
  /** The painting it is made from, if any: its page and picture. */
  artwork: {
    title: string;
    slug: string;
    category: string | null;
    imageThumb400Url: string | null;
    imageThumb800Url: string | null;
    imageAlt: string | null;
    imageWidth: number | null;
    imageHeight: number | null;
  } | null;
  variants: ShopVariant[];
};

export type ShopCatalogue = { originals: ShopOriginal[]; products: ShopProduct[] };

/** The filters of /shop: each names what it lists. */
export const SHOP_FILTERS = {
  originals: { label: 'Originals', kinds: [] },
  prints: { label: 'Prints', kinds: ['print'] },
  cards: { label: 'Cards', kinds: ['card'] },
  gifts: { label: 'Gifts', kinds: ['coaster', 'gift'] },
} as const satisfies Record<string, { label: string; kinds: readonly (typeof productKinds)[number][] }>;
export type ShopFilter = keyof typeof SHOP_FILTERS;
export const isShopFilter = (value: string): value is ShopFilter => Object.hasOwn(SHOP_FILTERS, value);

const publicArtwork = and(eq(artworks.status, 'published'), eq(artworks.isArchived, false));

/** Products not archived, each with its variants not archived (a product with none is left out). */
async function listProducts(db: Database, where?: { artworkId: string }): Promise<ShopProduct[]> {
  return asSystem(db, 'shop', async (sys) => {
    const rows = await sys
      .select({
        id: products.id,
        kind: products.kind,
        title: products.title,
        description: products.description,
        artTitle: artworks.title,
        artSlug: artworks.slug,
        artCategory: artworks.category,
        artStatus: artworks.status,
        artArchived: artworks.isArchived,
        thumb400: artworks.imageThumb400Url,
        thumb800: artworks.imageThumb800Url,
        alt: artworks.imageAlt,
        width: artworks.imageWidth,
        height: artworks.imageHeight,
      })
      .from(products)
      .leftJoin(artworks, eq(artworks.id, products.artworkId))
      .where(and(eq(products.archived, false), where ? eq(products.artworkId, where.artworkId) : undefined))
      .orderBy(desc(products.createdAt), asc(products.id));
    if (rows.length === 0) return [];
    const variants = await sys
      .select({
        id: productVariants.id,
        productId: productVariants.productId,
        label: productVariants.label,
        pence: productVariants.pricePence,
        stock: productVariants.stock,
      })
      .from(productVariants)
      .where(
        and(
          inArray(
            productVariants.productId,
            rows.map((row) => row.id),
          ),
          eq(productVariants.archived, false),
        ),
      )
      .orderBy(asc(productVariants.position), asc(productVariants.pricePence), asc(productVariants.id));
    return rows
      .map((row): ShopProduct => ({
        id: row.id,
        kind: row.kind,
        title: row.title,
        description: row.description,
        // A painting taken down from the site is not linked to, nor shown.
        artwork:
          row.artSlug && row.artStatus === 'published' && !row.artArchived
            ? {
                title: row.artTitle!,
                slug: row.artSlug,
                category: row.artCategory,
                imageThumb400Url: row.thumb400,
                imageThumb800Url: row.thumb800,
                imageAlt: row.alt,
                imageWidth: row.width,
                imageHeight: row.height,
              }
            : null,
        variants: variants
          .filter((variant) => variant.productId === row.id)
          .map(({ id, label, pence, stock }) => ({ id, label, pence, stock })),
      }))
      .filter((product) => product.variants.length > 0);
  });
}

/** The columns the offer rule (./offer-rule.ts) reads. */
const offerColumns = {
  status: artworks.status,
  isArchived: artworks.isArchived,
  isForSale: artworks.isForSale,
  availability: artworks.availability,
  price: artworks.price,
  currency: artworks.currency,
};

/** Everything /shop lists, or null while the shop is closed. Sold originals are left out. */
export async function readShopCatalogue(db: Database, now = new Date()): Promise<ShopCatalogue | null> {
  if (!(await readShopOpen(db))) return null;
  const forSale = await asSystem(db, 'shop', (sys) =>
    sys
      .select({
        id: artworks.id,
        title: artworks.title,
        slug: artworks.slug,
        category: artworks.category,
        description: artworks.description,
        ...offerColumns,
        imageUrl: artworks.imageUrl,
        imageAlt: artworks.imageAlt,
        imageThumb400Url: artworks.imageThumb400Url,
        imageThumb800Url: artworks.imageThumb800Url,
        imageWidth: artworks.imageWidth,
        imageHeight: artworks.imageHeight,
      })
      .from(artworks)
      .where(and(publicArtwork, eq(artworks.isForSale, true)))
      .orderBy(desc(artworks.createdAt), desc(artworks.id)),
  );
  const priced = forSale.flatMap(({ status, isArchived, isForSale, availability, price, currency, ...art }) => {
    const offer = originalOffer({ status, isArchived, isForSale, availability, price, currency });
    return offer.offered ? [{ ...art, pence: offer.pence }] : [];
  });
  const [states, productList] = await Promise.all([
    originalStates(
      db,
      priced.map((art) => art.id),
      now,
    ),
    listProducts(db),
  ]);
  const originals = priced
    .map((art): ShopOriginal => ({ ...art, state: states.get(art.id) ?? 'available' }))
    .filter((art) => art.state !== 'sold');
  return { originals, products: productList };
}

/** What an artwork's page offers while the shop is open: the original (if it can be bought) and what is made from it. */
export type ArtworkOffer = { original: OriginalState | null; products: ShopProduct[] };

export async function readArtworkOffer(
  db: Database,
  artworkId: string,
  now = new Date(),
): Promise<ArtworkOffer | null> {
  if (!(await readShopOpen(db))) return null;
  const [art] = await asSystem(db, 'shop', (sys) =>
    sys
      .select(offerColumns)
      .from(artworks)
      .where(and(publicArtwork, eq(artworks.id, artworkId))),
  );
  if (!art) return null;
  const [states, made] = await Promise.all([originalStates(db, [artworkId], now), listProducts(db, { artworkId })]);
  // Sold through the shop: says Sold. Sold elsewhere (the Availability line): the page's facts say so.
  const state = states.get(artworkId);
  return {
    original: state === 'sold' ? 'sold' : originalOffer(art).offered ? (state ?? 'available') : null,
    products: made,
  };
}

/**
 * Twelve to a page, as the gallery: every card is written twice into the HTML (its markup and the
 * flight data that hydrates it), and the public page budget holds a page's HTML to 90 KB.
 */
export const SHOP_PAGE_SIZE = 12;

export type ShopItem = { kind: 'original'; original: ShopOriginal } | { kind: 'product'; product: ShopProduct };

export type ShopPage = { items: ShopItem[]; page: number; pageCount: number };

/**
 * What a filter lists, in order. Unfiltered, a shop window: one from each of the filters'
 * sections in turn (an original, a print, a card, a gift, then the next of each), so the first
 * page shows prints, cards and gifts beside the originals however many originals there are, and
 * a section that runs out leaves its turn to the others. Each section keeps its own order (newest
 * first), and the order depends on the catalogue alone: every page reads the same list.
 */
export function shopItems(catalogue: ShopCatalogue, filter: ShopFilter | null): ShopItem[] {
  const sections = (Object.keys(SHOP_FILTERS) as ShopFilter[])
    .filter((key) => filter === null || key === filter)
    .map((key): ShopItem[] => {
      if (key === 'originals') return catalogue.originals.map((original) => ({ kind: 'original', original }));
      const kinds: readonly string[] = SHOP_FILTERS[key].kinds;
      return catalogue.products
        .filter((product) => kinds.includes(product.kind))
        .map((product) => ({ kind: 'product', product }));
    });
  const longest = Math.max(0, ...sections.map((section) => section.length));
  return Array.from({ length: longest }, (_, turn) =>
    sections.flatMap((section) => (turn < section.length ? [section[turn]!] : [])),
  ).flat();
}

/** One page of the shop, filtered (null: everything, as a shop window); null for a page past the end. */
export function shopPage(catalogue: ShopCatalogue, filter: ShopFilter | null, page: number): ShopPage | null {
  const items = shopItems(catalogue, filter);
  const pageCount = Math.max(1, Math.ceil(items.length / SHOP_PAGE_SIZE));
  if (page < 1 || page > pageCount) return null;
  return { items: items.slice((page - 1) * SHOP_PAGE_SIZE, page * SHOP_PAGE_SIZE), page, pageCount };
}
