import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { UserFacingError } from '@/lib/http/user-facing-error';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import {
  artworks,
  productKinds,
  products,
  productVariants,
  shippingRates,
  shippingZones,
  siteSettings,
  weightClasses,
} from '@/lib/db/schema';
import type { Payments } from '@/lib/payments/port';
import { poundsToPence } from './money';
import { originalOffer, priceProblem } from './offer-rule';

/**
 * What the owner keeps on /admin/shop (docs/product.md, Shop & Payments): the 'Open the
 * shop' switch, the products and their variants, and the delivery prices. Plain reads and writes
 * on the private shop tables through the system path; the admin actions (./admin-actions.ts) call
 * them only after requireAdmin(). Nothing is ever deleted: order lines refer to variants, so a
 * product or variant that is no longer sold is archived.
 */

export type ProductKind = (typeof productKinds)[number];
export type WeightClass = (typeof weightClasses)[number];
export type ShippingZone = (typeof shippingZones)[number];

export const kindNames: Record<ProductKind, string> = {
  print: 'Print',
  card: 'Card',
  coaster: 'Coaster',
  gift: 'Gift',
};
export const weightNames: Record<WeightClass, string> = {
  letter: 'Letter',
  small: 'Small parcel',
  large: 'Large parcel',
};
export const zoneNames: Record<ShippingZone, string> = { uk: 'UK', europe: 'Europe', world: 'Rest of the world' };

/** The largest prices the tables accept (their check constraints), in pence. */
const MAX_PRICE_PENCE = 10_000_000;
const MAX_SHIPPING_PENCE = 1_000_000;

export const catalogueMessages = {
  shopNeedsPayments:
    'The shop cannot be opened until payments are set up (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET). Nothing was changed.',
  productGone: 'That product no longer exists.',
  variantGone: 'That variant no longer exists.',
  skuTaken: (product: string, variant: string) => `That SKU is already used by ${product}, ${variant}.`,
  kind: 'Choose what kind of product it is.',
  title: 'Give the product a title.',
  titleLong: 'The title can be at most 120 characters.',
  descriptionLong: 'The description can be at most 2,000 characters.',
  artwork: 'Choose a painting from the list, or none.',
  label: 'Give the variant a label, e.g. A4 on cotton rag.',
  labelLong: 'The label can be at most 80 characters.',
  skuLong: 'The SKU can be at most 64 characters.',
  price: 'Enter the price in pounds, e.g. 35.00: an amount above 0 with at most two decimals.',
  priceHigh: 'The price can be at most £100,000.00.',
  stock: 'Enter the stock as a whole number (0 or more), or leave it empty for made to order.',
  weight: 'Choose a weight class.',
  rate: 'Enter the rate in pounds, e.g. 6.00 (0 for free delivery), with at most two decimals.',
  rateHigh: 'A delivery rate can be at most £10,000.00.',
} as const;

const text = (max: number, long: string) => z.string().trim().max(max, long);

/** A price of something for sale: above 0. */
const price = z.string().transform((value, ctx) => {
  const pence = poundsToPence(value.trim());
  if (pence === null || pence <= 0) {
    ctx.addIssue({ code: 'custom', message: catalogueMessages.price });
    return z.NEVER;
  }
  if (pence > MAX_PRICE_PENCE) {
    ctx.addIssue({ code: 'custom', message: catalogueMessages.priceHigh });
    return z.NEVER;
  }
  return pence;
});

/** A delivery rate: 0 (free) or more. */
const rate = z.string().transform((value, ctx) => {
  const pence = poundsToPence(value.trim());
  if (pence === null) {
    ctx.addIssue({ code: 'custom', message: catalogueMessages.rate });
    return z.NEVER;
  }
  if (pence > MAX_SHIPPING_PENCE) {
    ctx.addIssue({ code: 'custom', message: catalogueMessages.rateHigh });
    return z.NEVER;
  }
  return pence;
});

/** Stock: a whole number, or empty for made to order (null). */
const stock = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const trimmed = value.trim();
    if (trimmed === '') return null;
    if (!/^\d{1,7}$/.test(trimmed)) {
      ctx.addIssue({ code: 'custom', message: catalogueMessages.stock });
      return z.NEVER;
    }
    return Number(trimmed);
  });

export const productSchema = z.object({
  kind: z.enum(productKinds, { error: catalogueMessages.kind }),
  title: text(120, catalogueMessages.titleLong).min(1, catalogueMessages.title),
  description: text(2000, catalogueMessages.descriptionLong).default(''),
  artworkId: z.union([z.literal('').transform(() => null), z.uuid({ error: catalogueMessages.artwork })]).default(''),
});
export type ProductInput = z.output<typeof productSchema>;

export const variantSchema = z.object({
  label: text(80, catalogueMessages.labelLong).min(1, catalogueMessages.label),
  sku: text(64, catalogueMessages.skuLong)
    .default('')
    .transform((value) => value || null),
  price,
  stock,
  weightClass: z.enum(weightClasses, { error: catalogueMessages.weight }),
});
export type VariantInput = z.output<typeof variantSchema>;

/** The shipping form: one field per zone and weight class, named `<zone>.<weight>` ('uk.letter'). */
export const shippingSchema = z.object(
  Object.fromEntries(
    shippingZones.flatMap((zone) => weightClasses.map((weight) => [`${zone}.${weight}`, rate])),
  ) as Record<`${ShippingZone}.${WeightClass}`, typeof rate>,
);

export type ShippingRate = { zone: ShippingZone; weightClass: WeightClass; amountPence: number };

/** The shipping form's values as rows to save. */
export function shippingRows(input: z.output<typeof shippingSchema>): ShippingRate[] {
  return shippingZones.flatMap((zone) =>
    weightClasses.map((weightClass) => ({ zone, weightClass, amountPence: input[`${zone}.${weightClass}`] })),
  );
}

// The switch.

export async function readShopOpen(db: Database): Promise<boolean> {
  const [row] = await asSystem(db, 'shop', (sys) =>
    sys.select({ open: siteSettings.shopOpen }).from(siteSettings).limit(1),
  );
  return row?.open ?? false;
}

/**
 * 'Open the shop'. Opening needs payments (`payments()` of lib/payments: null while Stripe is
 * not configured), and is refused without them, changing nothing; closing is always allowed.
 */
export async function writeShopOpen(db: Database, open: boolean, payments: Payments | null): Promise<void> {
  if (open && !payments) throw new UserFacingError(catalogueMessages.shopNeedsPayments);
  await asSystem(db, 'shop', (sys) =>
    sys
      .insert(siteSettings)
      .values({ id: true, shopOpen: open })
      .onConflictDoUpdate({ target: siteSettings.id, set: { shopOpen: open, updatedAt: new Date() } }),
  );
}

/** What the page says of Stripe, from the secret key's prefix alone (no call to Stripe). */
export type PaymentsStatus = { connected: false } | { connected: true; mode: 'test' | 'live' };

export function paymentsStatus(config: { STRIPE_SECRET_KEY?: string; STRIPE_WEBHOOK_SECRET?: string }): PaymentsStatus {
  const key = config.STRIPE_SECRET_KEY;
  if (!key || !config.STRIPE_WEBHOOK_SECRET) return { connected: false };
  return { connected: true, mode: /^(sk|rk)_live_/.test(key) ? 'live' : 'test' };
}

/** The events Stripe's webhook endpoint must send (docs/operations.md, Payments). */
export const stripeWebhookEvents = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'charge.refunded',
] as const;

/** Where Stripe sends them: the site's address (SITE_URL) and the webhook route. */
export function stripeWebhookUrl(siteUrl: string): string {
  return new URL('/api/stripe/webhook', siteUrl).toString();
}

export function paymentsStatusText(status: PaymentsStatus): string {
  return status.connected ? `Payments: connected (${status.mode} mode)` : 'Payments: not set up';
}

// Products and variants.

export type VariantRow = typeof productVariants.$inferSelect;
export type ProductRow = typeof products.$inferSelect & { artworkTitle: string | null };
export type ProductWithVariants = ProductRow & { variants: VariantRow[] };

const productColumns = {
  id: products.id,
  kind: products.kind,
  title: products.title,
  description: products.description,
  artworkId: products.artworkId,
  archived: products.archived,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  artworkTitle: artworks.title,
};

/** Every product with its variants: those on sale first, newest first; variants in their order. */
export async function listProducts(db: Database): Promise<ProductWithVariants[]> {
  return asSystem(db, 'shop', async (sys) => {
    const rows = await sys
      .select(productColumns)
      .from(products)
      .leftJoin(artworks, eq(artworks.id, products.artworkId))
      .orderBy(asc(products.archived), desc(products.createdAt), asc(products.id));
    if (rows.length === 0) return [];
    const variants = await sys
      .select()
      .from(productVariants)
      .where(
        inArray(
          productVariants.productId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(productVariants.position), asc(productVariants.id));
    return rows.map((row) => ({ ...row, variants: variants.filter((variant) => variant.productId === row.id) }));
  });
}

export async function readProduct(db: Database, id: string): Promise<ProductWithVariants | null> {
  return asSystem(db, 'shop', async (sys) => {
    const [row] = await sys
      .select(productColumns)
      .from(products)
      .leftJoin(artworks, eq(artworks.id, products.artworkId))
      .where(eq(products.id, id));
    if (!row) return null;
    const variants = await sys
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .orderBy(asc(productVariants.position), asc(productVariants.id));
    return { ...row, variants };
  });
}

/** The paintings a product can be made from: the published ones, and the one it is made from now. */
export async function artworkChoices(
  db: Database,
  current: string | null = null,
): Promise<{ id: string; title: string }[]> {
  return asSystem(db, 'shop', (sys) =>
    sys
      .select({ id: artworks.id, title: artworks.title })
      .from(artworks)
      .where(
        current ? or(eq(artworks.status, 'published'), eq(artworks.id, current)) : eq(artworks.status, 'published'),
      )
      .orderBy(asc(artworks.title), asc(artworks.id)),
  );
}

/** A painting the owner has for sale that the shop leaves out for its price, and why ('not offered: priced in USD'). */
export type OriginalNotOffered = { id: string; title: string; price: string | null; problem: string };

/**
 * The published paintings marked For sale (and not marked sold or reserved) that the shop cannot
 * sell because their price is no amount in pounds: another currency, or no amount ('On request').
 */
export async function listOriginalsNotOffered(db: Database): Promise<OriginalNotOffered[]> {
  const rows = await asSystem(db, 'shop', (sys) =>
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
      .where(and(eq(artworks.status, 'published'), eq(artworks.isArchived, false), eq(artworks.isForSale, true)))
      .orderBy(asc(artworks.title), asc(artworks.id)),
  );
  return rows.flatMap(({ id, title, price, ...art }) => {
    const problem = priceProblem(originalOffer({ ...art, price }));
    return problem ? [{ id, title, price, problem }] : [];
  });
}

async function checkArtwork(db: Database, artworkId: string | null): Promise<void> {
  if (!artworkId) return;
  const [found] = await asSystem(db, 'shop', (sys) =>
    sys.select({ id: artworks.id }).from(artworks).where(eq(artworks.id, artworkId)),
  );
  if (!found) throw new UserFacingError(catalogueMessages.artwork);
}

export async function createProduct(db: Database, input: ProductInput): Promise<{ id: string }> {
  await checkArtwork(db, input.artworkId);
  const [row] = await asSystem(db, 'shop', (sys) => sys.insert(products).values(input).returning({ id: products.id }));
  return row!;
}

export async function updateProduct(db: Database, id: string, input: ProductInput): Promise<void> {
  await checkArtwork(db, input.artworkId);
  const [row] = await asSystem(db, 'shop', (sys) =>
    sys
      .update(products)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning({ id: products.id }),
  );
  if (!row) throw new UserFacingError(catalogueMessages.productGone);
}

export async function setProductArchived(db: Database, id: string, archived: boolean): Promise<void> {
  const [row] = await asSystem(db, 'shop', (sys) =>
    sys
      .update(products)
      .set({ archived, updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning({ id: products.id }),
  );
  if (!row) throw new UserFacingError(catalogueMessages.productGone);
}

/**
 * Adds a variant to a product (at the end), or changes one of its variants (`variantId`). A SKU
 * another variant has is refused, naming it, and nothing changes.
 */
export async function saveVariant(
  db: Database,
  productId: string,
  variantId: string | null,
  input: VariantInput,
): Promise<{ id: string }> {
  return saveVariantOnce(db, productId, variantId, input).catch((error: unknown) => {
    // The same SKU saved at the same moment elsewhere: the unique index has the last word.
    if (uniqueViolation(error))
      throw new UserFacingError(catalogueMessages.skuTaken('another product', 'another variant'));
    throw error;
  });
}

function variantColumns({ label, sku, price, stock, weightClass }: VariantInput) {
  return { label, sku, pricePence: price, stock, weightClass };
}

function uniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return (e?.cause?.code ?? e?.code) === '23505';
}

function saveVariantOnce(
  db: Database,
  productId: string,
  variantId: string | null,
  input: VariantInput,
): Promise<{ id: string }> {
  return asSystem(db, 'shop', (sys) =>
    sys.transaction(async (tx) => {
      const [product] = await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, productId))
        .for('update');
      if (!product) throw new UserFacingError(catalogueMessages.productGone);
      if (input.sku) {
        const [taken] = await tx
          .select({ product: products.title, variant: productVariants.label })
          .from(productVariants)
          .innerJoin(products, eq(products.id, productVariants.productId))
          .where(and(eq(productVariants.sku, input.sku), variantId ? ne(productVariants.id, variantId) : undefined));
        if (taken) throw new UserFacingError(catalogueMessages.skuTaken(taken.product, taken.variant));
      }
      if (variantId) {
        const [row] = await tx
          .update(productVariants)
          .set(variantColumns(input))
          .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)))
          .returning({ id: productVariants.id });
        if (!row) throw new UserFacingError(catalogueMessages.variantGone);
        return row;
      }
      const [next] = await tx
        .select({ position: sql<number>`coalesce(max(${productVariants.position}) + 1, 0)::int` })
        .from(productVariants)
        .where(eq(productVariants.productId, productId));
      const [row] = await tx
        .insert(productVariants)
        .values({ ...variantColumns(input), productId, position: next?.position ?? 0 })
        .returning({ id: productVariants.id });
      return row!;
    }),
  );
}

export async function setVariantArchived(
  db: Database,
  productId: string,
  variantId: string,
  archived: boolean,
): Promise<void> {
  const [row] = await asSystem(db, 'shop', (sys) =>
    sys
      .update(productVariants)
      .set({ archived })
      .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)))
      .returning({ id: productVariants.id }),
  );
  if (!row) throw new UserFacingError(catalogueMessages.variantGone);
}

// Delivery.

export async function readShippingRates(db: Database): Promise<ShippingRate[]> {
  return asSystem(db, 'shop', (sys) => sys.select().from(shippingRates));
}

/** Saves every rate in one transaction: all of them, or (on any failure) none. */
export async function writeShippingRates(db: Database, rates: readonly ShippingRate[]): Promise<void> {
  await asSystem(db, 'shop', (sys) =>
    sys.transaction(async (tx) => {
      for (const rate of rates) {
        await tx
          .insert(shippingRates)
          .values(rate)
          .onConflictDoUpdate({
            target: [shippingRates.zone, shippingRates.weightClass],
            set: { amountPence: rate.amountPence },
          });
      }
    }),
  );
}
