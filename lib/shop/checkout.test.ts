import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import {
  artworks,
  orderLines,
  orders,
  originalHolds,
  originalsSold,
  paymentEvents,
  products,
  productVariants,
  siteSettings,
} from '@/lib/db/schema';
import type { Payments } from '@/lib/payments/port';
import { createStripePayments } from '@/lib/payments/stripe-adapter';
import { createTestDatabase, drivers } from '@/tests/support/db';
import {
  startStripeDouble,
  startWebhookReceiver,
  type StripeDouble,
  type WebhookReceiver,
} from '@/tests/support/stripe-double';
import { newVisitor } from '@/tests/support/visitors';
import { catchUpCheckouts } from './catch-up';
import { penceOf } from './money';
import { openCheckout, originalStates, releaseOrder, shopMessages, type ShopDeps } from './checkout';
import { applyPaymentEvent } from './payment-events';
import { readBasket } from './basket';

// The shop's server side (docs/product.md, The shop's rules) on both databases, paying through the
// Stripe double: what a checkout takes, what paying or not paying does, and that nothing is sold
// twice.

const buyer = {
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  line1: '1 Crescent Road',
  city: 'London',
  postalCode: 'SE19 1AA',
  country: 'GB',
};

describe.each(drivers)('the shop on %s', (driver) => {
  let db: Database;
  let double: StripeDouble;
  let payments: Payments;
  let hook: WebhookReceiver;
  let deps: ShopDeps;
  let n = 0;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    hook = await startWebhookReceiver();
    double = await startStripeDouble({ webhookUrl: hook.url });
    payments = createStripePayments({
      secretKey: double.secretKey,
      webhookSecret: double.webhookSecret,
      apiUrl: double.url,
    });
    deps = { db, payments, siteUrl: 'http://127.0.0.1:3000' };
    await setShopOpen(true);
  });
  afterAll(async () => {
    await double?.close();
    await hook?.close();
    await db?.close();
  });

  const setShopOpen = (open: boolean) =>
    asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(siteSettings)
        .values({ id: true, shopOpen: open })
        .onConflictDoUpdate({ target: siteSettings.id, set: { shopOpen: open } }),
    );

  async function original(price = '£450') {
    const slug = `original-${++n}`;
    const [row] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(artworks)
        .values({ title: `Painting ${n}`, slug, category: 'Landscapes', price, imageAlt: 'A watercolour' })
        .returning(),
    );
    return row!;
  }
  async function print(stock: number | null, pricePence = 3_500) {
    const [product] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(products)
        .values({ kind: 'print', title: `Print ${++n}` })
        .returning(),
    );
    const [variant] = await asSystem(db, 'test-setup', (sys) =>
      sys.insert(productVariants).values({ productId: product!.id, label: 'A4', pricePence, stock }).returning(),
    );
    return { ...variant!, title: `${product!.title}, A4` };
  }
  const stockOf = async (id: string) =>
    (
      await asSystem(db, 'test-setup', (sys) =>
        sys.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, id)),
      )
    )[0]!.stock;
  const orderOf = async (id: string) =>
    (await asSystem(db, 'test-setup', (sys) => sys.select().from(orders).where(eq(orders.id, id))))[0]!;
  const checkoutOf = async (orderId: string) => double.sessions.get((await orderOf(orderId)).checkoutId!)!;
  /** The event the double sent last, read as the webhook route reads it. */
  const lastEvent = () => payments.readWebhook(hook.received.at(-1)!.body, hook.received.at(-1)!.signature);

  it('takes the prices from the database: an original at its price, a print at its variant’s, quantities as asked', async () => {
    const painting = await original('£1,200.50');
    const variant = await print(10);
    const { orderId, url } = await openCheckout(
      deps,
      [
        { kind: 'original', artworkId: painting.id },
        { kind: 'variant', variantId: variant.id, quantity: 3 },
      ],
      newVisitor(),
    );
    const session = await checkoutOf(orderId);
    expect(url).toBe(session.url);
    expect(session.line_items.map((line) => [line.name, line.unit_amount, line.quantity])).toEqual([
      [`${painting.title} (original painting)`, 120_050, 1],
      [variant.title, 3_500, 3],
    ]);
    // The original makes it a large parcel: each zone's large rate.
    expect(session.shipping_options.map((o) => [o.display_name, o.shipping_amount])).toEqual([
      ['UK delivery', 1_500],
      ['Europe delivery', 3_500],
      ['Worldwide delivery', 6_000],
    ]);
    expect(await orderOf(orderId)).toMatchObject({
      status: 'pending',
      subtotalPence: 120_050 + 10_500,
      checkoutId: session.id,
    });
    expect(await stockOf(variant.id)).toBe(7);
    expect((await originalStates(db, [painting.id])).get(painting.id)).toBe('reserved');
  });

  it('refuses while the shop is closed, and takes nothing', async () => {
    const variant = await print(2);
    await setShopOpen(false);
    try {
      await expect(
        openCheckout(deps, [{ kind: 'variant', variantId: variant.id, quantity: 1 }], newVisitor()),
      ).rejects.toThrow(shopMessages.closed);
    } finally {
      await setShopOpen(true);
    }
    expect(await stockOf(variant.id)).toBe(2);
  });

  it('a second buyer of an original sees it reserved; once paid, sold; no second order is opened either way', async () => {
    const painting = await original();
    const first = await openCheckout(deps, [{ kind: 'original', artworkId: painting.id }], newVisitor());
    await expect(openCheckout(deps, [{ kind: 'original', artworkId: painting.id }], newVisitor())).rejects.toThrow(
      shopMessages.reserved(painting.title),
    );
    await double.pay((await checkoutOf(first.orderId)).id, buyer);
    expect(await applyPaymentEvent(db, await lastEvent())).toMatchObject({
      outcome: 'applied',
      orderId: first.orderId,
      soldArtworks: [painting.id],
    });
    await expect(openCheckout(deps, [{ kind: 'original', artworkId: painting.id }], newVisitor())).rejects.toThrow(
      shopMessages.sold(painting.title),
    );
    const opened = await asSystem(db, 'test-setup', (sys) =>
      sys.select({ id: orderLines.orderId }).from(orderLines).where(eq(orderLines.artworkId, painting.id)),
    );
    expect(opened).toHaveLength(1);
  });

  it('10 buyers at once for one original: exactly one checkout opens, the others are told it is reserved', async () => {
    const painting = await original();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        openCheckout(deps, [{ kind: 'original', artworkId: painting.id }], newVisitor()),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const refused of outcomes.filter((o) => o.status === 'rejected'))
      expect((refused as PromiseRejectedResult).reason.message).toBe(shopMessages.reserved(painting.title));
    const lines = await asSystem(db, 'test-setup', (sys) =>
      sys.select().from(orderLines).where(eq(orderLines.artworkId, painting.id)),
    );
    expect(lines).toHaveLength(1);
  });

  it('a quantity over the stock is refused with what is left, and a cart that fails part-way takes nothing', async () => {
    const variant = await print(2);
    const painting = await original();
    await expect(
      openCheckout(deps, [{ kind: 'variant', variantId: variant.id, quantity: 3 }], newVisitor()),
    ).rejects.toThrow(shopMessages.stock(variant.title, 2));
    await expect(
      openCheckout(
        deps,
        [
          { kind: 'original', artworkId: painting.id },
          { kind: 'variant', variantId: variant.id, quantity: 5 },
        ],
        newVisitor(),
      ),
    ).rejects.toThrow(/Only 2 of/);
    expect(await stockOf(variant.id)).toBe(2);
    expect(await originalStates(db, [painting.id])).toEqual(new Map());
  });

  it('20 buyers at once for a print with 5 left: exactly 5 checkouts open, the stock ends at 0, never below', async () => {
    const variant = await print(5);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        openCheckout(deps, [{ kind: 'variant', variantId: variant.id, quantity: 1 }], newVisitor()),
      ),
    );
    const opened = outcomes.filter((o) => o.status === 'fulfilled');
    expect(opened).toHaveLength(5);
    for (const refused of outcomes.filter((o) => o.status === 'rejected'))
      expect((refused as PromiseRejectedResult).reason.message).toMatch(/has sold out/);
    expect(await stockOf(variant.id)).toBe(0);
  });

  it('a checkout left unpaid gives back what it held when it expires; the event applied twice gives it back once', async () => {
    const variant = await print(4);
    const painting = await original();
    const { orderId } = await openCheckout(
      deps,
      [
        { kind: 'original', artworkId: painting.id },
        { kind: 'variant', variantId: variant.id, quantity: 2 },
      ],
      newVisitor(),
    );
    expect(await stockOf(variant.id)).toBe(2);
    await double.runOut((await checkoutOf(orderId)).id);
    const expired = await lastEvent();
    expect(await applyPaymentEvent(db, expired)).toMatchObject({ outcome: 'applied', orderId });
    expect(await applyPaymentEvent(db, expired)).toMatchObject({ outcome: 'duplicate' });
    expect(await stockOf(variant.id)).toBe(4);
    expect((await orderOf(orderId)).status).toBe('expired');
    expect(await originalStates(db, [painting.id])).toEqual(new Map());
    // Free for the next buyer.
    await openCheckout(deps, [{ kind: 'original', artworkId: painting.id }], newVisitor());
  });

  it('the basket shows today’s prices and states: a price changed while it was held, an original reserved, a variant short or archived', async () => {
    const painting = await original('£300');
    const held = await original('£200');
    const variant = await print(1);
    const gone = await print(5);
    await asSystem(db, 'test-setup', (sys) =>
      sys.update(artworks).set({ price: '£320' }).where(eq(artworks.id, painting.id)),
    );
    await asSystem(db, 'test-setup', (sys) =>
      sys.update(productVariants).set({ archived: true }).where(eq(productVariants.id, gone.id)),
    );
    await openCheckout(deps, [{ kind: 'original', artworkId: held.id }], newVisitor());
    const basket = await readBasket(db, [
      { kind: 'original', artworkId: painting.id },
      { kind: 'original', artworkId: held.id },
      { kind: 'variant', variantId: variant.id, quantity: 2 },
      { kind: 'variant', variantId: gone.id, quantity: 1 },
    ]);
    expect(basket.map(({ unitPence, state, left }) => ({ unitPence, state, left }))).toEqual([
      { unitPence: 32_000, state: 'available', left: undefined },
      { unitPence: 20_000, state: 'reserved', left: undefined },
      { unitPence: 3_500, state: 'left', left: 1 },
      { unitPence: 3_500, state: 'unavailable', left: undefined },
    ]);
    // Checkout charges what the basket showed: the new price.
    const { orderId } = await openCheckout(deps, [{ kind: 'original', artworkId: painting.id }], newVisitor());
    expect((await checkoutOf(orderId)).line_items[0]!.unit_amount).toBe(32_000);
  });

  it('a paid checkout records the order with the buyer; replaying the event changes nothing', async () => {
    const variant = await print(3);
    const { orderId } = await openCheckout(
      deps,
      [{ kind: 'variant', variantId: variant.id, quantity: 1 }],
      newVisitor(),
    );
    await double.pay((await checkoutOf(orderId)).id, { ...buyer, shippingChoice: 0 });
    const paid = await lastEvent();
    await applyPaymentEvent(db, paid);
    const recorded = await orderOf(orderId);
    expect(recorded).toMatchObject({
      status: 'paid',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      shippingPence: 600,
      totalPence: 3_500 + 600,
      shippingAddress: { line1: '1 Crescent Road', postalCode: 'SE19 1AA', country: 'GB' },
    });
    expect(await applyPaymentEvent(db, paid)).toMatchObject({
      outcome: 'duplicate',
      soldArtworks: [],
      changed: false,
      mail: false,
    });
    expect(await orderOf(orderId)).toEqual(recorded);
    expect(await stockOf(variant.id)).toBe(2);
    const seen = await asSystem(db, 'test-setup', (sys) =>
      sys.select().from(paymentEvents).where(eq(paymentEvents.id, paid.id)),
    );
    expect(seen).toHaveLength(1);
  });

  it('paid just as its hold went back: the order stands and its stock is taken again', async () => {
    const variant = await print(3);
    const { orderId } = await openCheckout(
      deps,
      [{ kind: 'variant', variantId: variant.id, quantity: 2 }],
      newVisitor(),
    );
    await releaseOrder(db, orderId);
    expect(await stockOf(variant.id)).toBe(3);
    await double.pay((await checkoutOf(orderId)).id, buyer);
    expect(await applyPaymentEvent(db, await lastEvent())).toMatchObject({ outcome: 'applied', orderId });
    expect((await orderOf(orderId)).status).toBe('paid');
    expect(await stockOf(variant.id)).toBe(1);
  });

  it('a refund is recorded against its order: part, then all', async () => {
    const { orderId } = await openCheckout(
      deps,
      [{ kind: 'variant', variantId: (await print(null)).id, quantity: 1 }],
      newVisitor(),
    );
    await double.pay((await checkoutOf(orderId)).id, buyer);
    await applyPaymentEvent(db, await lastEvent());
    const paymentId = (await orderOf(orderId)).paymentId!;
    await double.refund(paymentId, 500);
    await applyPaymentEvent(db, await lastEvent());
    expect(await orderOf(orderId)).toMatchObject({ status: 'paid', refundedPence: 500 });
    await double.refund(paymentId);
    await applyPaymentEvent(db, await lastEvent());
    expect(await orderOf(orderId)).toMatchObject({ status: 'refunded', refundedPence: 3_500 + 600 });
  });

  it('when no event arrives, the catch-up job asks: a paid checkout becomes a paid order, an unpaid one past its time gives back what it held', async () => {
    const painting = await original();
    const variant = await print(3);
    const paid = await openCheckout(deps, [{ kind: 'original', artworkId: painting.id }], newVisitor());
    const unpaid = await openCheckout(deps, [{ kind: 'variant', variantId: variant.id, quantity: 2 }], newVisitor());
    // The webhook never reaches the site (nothing applies the events).
    await double.pay((await checkoutOf(paid.orderId)).id, buyer);
    const soon = new Date(Date.now() + 3 * 60_000);
    const first = await catchUpCheckouts(db, payments, soon);
    expect(first.paid).toContain(paid.orderId);
    expect(first.soldArtworks).toContain(painting.id);
    expect(first.released).not.toContain(unpaid.orderId);
    expect((await originalStates(db, [painting.id])).get(painting.id)).toBe('sold');

    const later = new Date(Date.now() + 40 * 60_000);
    const second = await catchUpCheckouts(db, payments, later);
    expect(second.released).toContain(unpaid.orderId);
    expect((await checkoutOf(unpaid.orderId)).status).toBe('expired');
    expect(await stockOf(variant.id)).toBe(3);
    // The job and a late event meet: the event finds nothing left to do.
    await double.pay((await checkoutOf(paid.orderId)).id, buyer).catch(() => {});
    expect((await catchUpCheckouts(db, payments, later)).paid).not.toContain(paid.orderId);
  });

  it('when Stripe cannot be reached, the checkout is refused and what it took goes back', async () => {
    const variant = await print(2);
    const painting = await original();
    const unreachable = createStripePayments({
      secretKey: double.secretKey,
      webhookSecret: double.webhookSecret,
      apiUrl: 'http://127.0.0.1:9',
    });
    await expect(
      openCheckout(
        { ...deps, payments: unreachable },
        [
          { kind: 'original', artworkId: painting.id },
          { kind: 'variant', variantId: variant.id, quantity: 2 },
        ],
        newVisitor(),
      ),
    ).rejects.toThrow(shopMessages.paymentDown);
    expect(await stockOf(variant.id)).toBe(2);
    expect(await originalStates(db, [painting.id])).toEqual(new Map());
    const holds = await asSystem(db, 'test-setup', (sys) =>
      sys.select().from(originalHolds).where(eq(originalHolds.artworkId, painting.id)),
    );
    expect(holds).toEqual([]);
    const sold = await asSystem(db, 'test-setup', (sys) =>
      sys.select().from(originalsSold).where(eq(originalsSold.artworkId, painting.id)),
    );
    expect(sold).toEqual([]);
  });
});

describe('an artwork price as pence', () => {
  it('reads the amounts the price field states, and nothing else', () => {
    expect(penceOf('£450')).toBe(45_000);
    expect(penceOf('1,200.5')).toBe(120_050);
    expect(penceOf('0')).toBeNull();
    expect(penceOf('POA')).toBeNull();
    expect(penceOf(null)).toBeNull();
  });
});
