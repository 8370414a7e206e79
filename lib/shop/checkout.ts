import crypto from 'node:crypto';
import { and, eq, gt, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { UserFacingError } from '@/lib/http/user-facing-error';
import type { Database, Tx } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import {
  artworks,
  orderLines,
  orders,
  originalHolds,
  originalsSold,
  products,
  productVariants,
  shippingRates,
  siteSettings,
} from '@/lib/db/schema';
import { checkDiscountCode, type DiscountRefusal } from '@/lib/newsletter';
import { CHECKOUT_EXPIRY, type CheckoutItem, type Payments, type ShippingChoice } from '@/lib/payments/port';
import { checkoutLimit, MAX_OPEN_CHECKOUTS } from './checkout-limits';
import { ZONE_DAYS, ZONE_NAMES } from './delivery';
import { chargedUnitPence, stripeDiscountNote, type AppliedDiscount } from './discount';
import { penceOf } from './money';
import { originalOffer } from './offer-rule';
import { releaseOrderIn } from './payment-events';

/** What a cart asks for: originals by their artwork, the rest by variant and quantity. */
export type CartLine =
  { kind: 'original'; artworkId: string } | { kind: 'variant'; variantId: string; quantity: number };

export type ShopDeps = {
  db: Database;
  payments: Payments;
  /** The site's address, for the pages the buyer is sent back to. */
  siteUrl: string;
  now?: () => Date;
};

/** A checkout stays open this long (Stripe's shortest is 30 minutes; a little more for the trip there). */
export const CHECKOUT_OPEN_MS = CHECKOUT_EXPIRY.minMs + 2 * 60_000;
/**
 * An open checkout's originals are held this long past its close: a payment confirmed in its last
 * second may complete after it. A complete checkout's are held until its payment settles.
 */
export const HOLD_GRACE_MS = 5 * 60_000;

/** Where the shop delivers, by zone (the terms page: the UK, Europe, the rest of the world). */
export const DELIVERY_COUNTRIES = {
  uk: ['GB'],
  europe: ['IE', 'FR', 'DE', 'NL', 'BE', 'LU', 'ES', 'PT', 'IT', 'AT', 'DK', 'SE', 'FI', 'NO', 'CH', 'PL', 'CZ', 'GR'],
  world: ['US', 'CA', 'AU', 'NZ', 'JP'],
} as const;

const WEIGHT_ORDER = ['letter', 'small', 'large'] as const;

export class ShopRefusal extends UserFacingError {
  constructor(message: string, options?: ErrorOptions) {
    super(message);
    this.name = 'ShopRefusal';
    if (options && 'cause' in options) this.cause = options.cause;
  }
}

/** A checkout refused because the basket's discount code no longer works: its message is the code's. */
export class DiscountCodeRefusal extends ShopRefusal {
  constructor(
    readonly reason: DiscountRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'DiscountCodeRefusal';
  }
}

export const shopMessages = {
  closed: 'The shop is closed at the moment. Nothing was charged.',
  empty: 'Your basket is empty.',
  reserved: (title: string) => `"${title}" is reserved by another buyer at the moment. Nothing was charged.`,
  sold: (title: string) => `"${title}" has been sold. Nothing was charged.`,
  unavailable: (title: string) => `"${title}" is no longer for sale. Nothing was charged.`,
  stock: (title: string, left: number) =>
    left === 0
      ? `"${title}" has sold out. Nothing was charged.`
      : `Only ${left} of "${title}" left. Nothing was charged.`,
  paymentDown: 'Payment could not be started. Nothing was charged; please try again in a moment.',
  open: `You have ${MAX_OPEN_CHECKOUTS} checkouts open already. Finish or close one (or wait half an hour), then try again. Nothing was charged.`,
  hourly: 'Too many checkouts from your connection in the last hour. Please try again later. Nothing was charged.',
} as const;

type HeldLine = {
  artworkId: string | null;
  variantId: string | null;
  /** For the discount's kinds: an original, or its product's kind. */
  kind: 'original' | (typeof products.$inferSelect)['kind'];
  title: string;
  /** What one costs: the list price, less the discount where it applies. */
  unitPence: number;
  /** The list price, when the discount lowered it; otherwise null. */
  listUnitPence: number | null;
  quantity: number;
  original: boolean;
  weightClass: (typeof WEIGHT_ORDER)[number];
  imageUrl: string | null;
};

/**
 * Opens a checkout for a cart: in one transaction, takes what it buys (an original is held for
 * this checkout alone; a variant's stock goes down by its quantity, and never below zero) and
 * records a pending order at the database's prices; then asks the payment provider for a hosted
 * checkout of exactly those lines. If that fails, what was taken goes back. What the browser
 * sends is only which items and how many, never a price. `visitor` is the client's address: a
 * visitor at its limits (./checkout-limits.ts) is refused before anything is taken.
 * `discountCode`, the code the basket holds, is checked again in the transaction: one that no
 * longer works refuses the checkout with its message (DiscountCodeRefusal) and nothing is taken;
 * one that works lowers the lines it covers, and the buyer's email at Stripe is its subscriber's.
 */
export async function openCheckout(
  deps: ShopDeps,
  cart: CartLine[],
  visitor: string,
  discountCode: string | null = null,
): Promise<{ orderId: string; url: string }> {
  if (cart.length === 0) throw new ShopRefusal(shopMessages.empty);
  const now = deps.now?.() ?? new Date();
  const expiresAt = new Date(now.getTime() + CHECKOUT_OPEN_MS);
  const holdUntil = new Date(expiresAt.getTime() + HOLD_GRACE_MS);
  const returnSecret = crypto.randomBytes(24).toString('base64url');
  const { orderId, lines, rates, discount } = await asSystem(deps.db, 'shop', (sys) =>
    sys.transaction(async (tx) => {
      const [settings] = await tx.select({ open: siteSettings.shopOpen }).from(siteSettings).limit(1);
      if (!settings?.open) throw new ShopRefusal(shopMessages.closed);
      const limit = await checkoutLimit(tx, visitor, now);
      if (limit.refused) throw new ShopRefusal(shopMessages[limit.refused]);
      const discount = await discountFor(tx, discountCode);
      const held: HeldLine[] = [];
      const [order] = await tx
        .insert(orders)
        .values({
          createdAt: now,
          checkoutExpiresAt: expiresAt,
          subtotalPence: 0,
          returnSecret,
          visitorBlock: limit.block,
        })
        .returning({ id: orders.id });
      for (const line of cart)
        held.push(
          withDiscount(
            line.kind === 'original'
              ? await holdOriginal(tx, line.artworkId, order!.id, now, holdUntil)
              : await takeStock(tx, line.variantId, line.quantity),
            discount,
          ),
        );
      await recordLines(tx, order!.id, held, discount);
      return { orderId: order!.id, lines: held, rates: await tx.select().from(shippingRates), discount };
    }),
  );

  const weight = WEIGHT_ORDER[Math.max(...lines.map((line) => WEIGHT_ORDER.indexOf(line.weightClass)))]!;
  const shipping: ShippingChoice[] = (['uk', 'europe', 'world'] as const).map((zone) => ({
    name: ZONE_NAMES[zone],
    amount: rates.find((rate) => rate.zone === zone && rate.weightClass === weight)?.amountPence ?? 0,
    days: ZONE_DAYS[zone],
  }));
  let checkout;
  try {
    checkout = await deps.payments.createCheckout({
      reference: orderId,
      idempotencyKey: `order-${orderId}`,
      items: lines.map((line) => checkoutItem(line, discount, deps.siteUrl)),
      shipping,
      countries: Object.values(DELIVERY_COUNTRIES).flat(),
      successUrl: `${deps.siteUrl}/api/shop/return?checkout={CHECKOUT_ID}&key=${returnSecret}`,
      cancelUrl: `${deps.siteUrl}/api/shop/return?cancelled=${orderId}&key=${returnSecret}`,
      expiresAt,
      // The code is its subscriber's: their address receives the receipt and the order's emails.
      ...(discount ? { customerEmail: discount.email } : {}),
    });
  } catch (error) {
    await releaseOrder(deps.db, orderId);
    throw new ShopRefusal(shopMessages.paymentDown, { cause: error });
  }
  await asSystem(deps.db, 'shop', (sys) =>
    sys.update(orders).set({ checkoutId: checkout.id, updatedAt: new Date() }).where(eq(orders.id, orderId)),
  );
  return { orderId, url: checkout.url! };
}

/** The basket's code checked again inside the checkout's transaction; one that no longer works refuses it. */
async function discountFor(tx: Tx, code: string | null): Promise<AppliedDiscount | null> {
  if (!code) return null;
  const check = await checkDiscountCode(tx, code);
  if (!check.ok) throw new DiscountCodeRefusal(check.reason, check.message);
  return check;
}

/** A held line at its discounted price, keeping the list price when the discount lowered it. */
function withDiscount(line: HeldLine, discount: AppliedDiscount | null): HeldLine {
  const charged = chargedUnitPence(line.unitPence, line.kind, discount);
  return charged < line.unitPence ? { ...line, unitPence: charged, listUnitPence: line.unitPence } : line;
}

/** The order's lines, its subtotal (what the lines cost, discount taken off) and the discount it had. */
async function recordLines(tx: Tx, orderId: string, held: HeldLine[], discount: AppliedDiscount | null) {
  const subtotal = held.reduce((sum, line) => sum + line.unitPence * line.quantity, 0);
  const taken = held.reduce(
    (sum, line) => sum + ((line.listUnitPence ?? line.unitPence) - line.unitPence) * line.quantity,
    0,
  );
  await tx
    .update(orders)
    .set({ subtotalPence: subtotal, discountCode: discount?.code ?? null, discountPence: taken })
    .where(eq(orders.id, orderId));
  await tx.insert(orderLines).values(
    held.map(({ artworkId, variantId, title, unitPence, listUnitPence, quantity, original }) => ({
      orderId,
      artworkId,
      variantId,
      title,
      unitPence,
      listUnitPence,
      quantity,
      original,
    })),
  );
}

/** A line as Stripe's page shows it: the amount charged for one, and the discount said under its name. */
function checkoutItem(line: HeldLine, discount: AppliedDiscount | null, siteUrl: string): CheckoutItem {
  return {
    name: line.title,
    unitAmount: line.unitPence,
    quantity: line.quantity,
    ...(discount && line.listUnitPence !== null
      ? { description: stripeDiscountNote(discount.percent, line.listUnitPence) }
      : {}),
    imageUrl: line.imageUrl ? new URL(line.imageUrl, siteUrl).toString() : undefined,
  };
}

async function holdOriginal(tx: Tx, artworkId: string, orderId: string, now: Date, expiresAt: Date): Promise<HeldLine> {
  const [art] = await tx
    .select({
      title: artworks.title,
      price: artworks.price,
      isForSale: artworks.isForSale,
      status: artworks.status,
      isArchived: artworks.isArchived,
      availability: artworks.availability,
      currency: artworks.currency,
      imageUrl: artworks.imageThumb800Url,
    })
    .from(artworks)
    .where(eq(artworks.id, artworkId))
    .for('update');
  const title = art?.title ?? 'This painting';
  const pence = penceOf(art?.price);
  const offer = art ? originalOffer(art) : null;
  if (!art || !offer?.offered || pence === null)
    throw new ShopRefusal(
      offer?.offered === false && offer.reason === 'sold' ? shopMessages.sold(title) : shopMessages.unavailable(title),
    );
  const [sold] = await tx
    .select({ id: originalsSold.artworkId })
    .from(originalsSold)
    .where(eq(originalsSold.artworkId, artworkId));
  if (sold) throw new ShopRefusal(shopMessages.sold(title));
  // A hold whose checkout has closed unpaid no longer holds (its order is released by the catch-up job).
  await tx.delete(originalHolds).where(and(eq(originalHolds.artworkId, artworkId), lte(originalHolds.expiresAt, now)));
  const [taken] = await tx
    .insert(originalHolds)
    .values({ artworkId, orderId, expiresAt })
    .onConflictDoNothing()
    .returning({ id: originalHolds.artworkId });
  if (!taken) throw new ShopRefusal(shopMessages.reserved(title));
  return {
    artworkId,
    variantId: null,
    kind: 'original',
    title: `${title} (original painting)`,
    unitPence: pence,
    listUnitPence: null,
    quantity: 1,
    original: true,
    weightClass: 'large',
    imageUrl: art.imageUrl,
  };
}

async function takeStock(tx: Tx, variantId: string, quantity: number): Promise<HeldLine> {
  const [variant] = await tx
    .select({
      label: productVariants.label,
      pence: productVariants.pricePence,
      stock: productVariants.stock,
      archived: productVariants.archived,
      weightClass: productVariants.weightClass,
      title: products.title,
      kind: products.kind,
      productArchived: products.archived,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, variantId));
  const title = variant ? `${variant.title}, ${variant.label}` : 'This item';
  if (!variant || variant.archived || variant.productArchived) throw new ShopRefusal(shopMessages.unavailable(title));
  // One statement: concurrent checkouts each take from what the one before left, or take nothing.
  const [taken] = await tx
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} - ${quantity}` })
    .where(
      and(eq(productVariants.id, variantId), or(isNull(productVariants.stock), gte(productVariants.stock, quantity))),
    )
    .returning({ stock: productVariants.stock });
  if (!taken) {
    const [now] = await tx
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, variantId));
    throw new ShopRefusal(shopMessages.stock(title, now?.stock ?? 0));
  }
  return {
    artworkId: null,
    variantId,
    kind: variant.kind,
    title,
    unitPence: variant.pence,
    listUnitPence: null,
    quantity,
    original: false,
    weightClass: variant.weightClass,
    imageUrl: null,
  };
}

/**
 * Gives back what a pending order holds (its originals, its variants' stock) and marks it
 * expired; nothing for an order that is no longer pending. Answers whether it did.
 */
export function releaseOrder(db: Database, orderId: string): Promise<boolean> {
  return asSystem(db, 'shop', (sys) => sys.transaction((tx) => releaseOrderIn(tx, orderId)));
}

/** The originals of `artworkIds` that are sold, or held by an open checkout, now. */
export async function originalStates(
  db: Database,
  artworkIds: string[],
  now = new Date(),
): Promise<Map<string, 'sold' | 'reserved'>> {
  if (artworkIds.length === 0) return new Map();
  return asSystem(db, 'shop', async (sys) => {
    const sold = await sys
      .select({ id: originalsSold.artworkId })
      .from(originalsSold)
      .where(inArray(originalsSold.artworkId, artworkIds));
    const held = await sys
      .select({ id: originalHolds.artworkId })
      .from(originalHolds)
      .where(
        and(
          inArray(originalHolds.artworkId, artworkIds),
          or(isNull(originalHolds.expiresAt), gt(originalHolds.expiresAt, now)),
        ),
      );
    return new Map<string, 'sold' | 'reserved'>([
      ...held.map((h) => [h.id, 'reserved'] as const),
      ...sold.map((s) => [s.id, 'sold'] as const),
    ]);
  });
}
