import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { orders, products, productVariants, siteSettings } from '@/lib/db/schema';
import type { Payments } from '@/lib/payments/port';
import { createStripePayments } from '@/lib/payments/stripe-adapter';
import { createTestDatabase, drivers } from '@/tests/support/db';
import { startStripeDouble, type StripeDouble } from '@/tests/support/stripe-double';
import { CHECKOUT_HOUR_MS, MAX_CHECKOUTS_PER_HOUR, MAX_OPEN_CHECKOUTS, visitorKey } from './checkout-limits';
import { CHECKOUT_OPEN_MS, openCheckout, releaseOrder, shopMessages, type CartLine, type ShopDeps } from './checkout';

// Checkouts per visitor (docs/product.md, Checkout holds and limits): a visitor is an address
// block, an IPv4 address or an IPv6 /64. Each test uses /64s of its own in 2001:db8::/32.

describe.each(drivers)('checkout limits on %s', (driver) => {
  let db: Database;
  let double: StripeDouble;
  let payments: Payments;
  /** The references of every checkout asked of the payment provider. */
  const asked: string[] = [];
  let cart: CartLine[];

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    double = await startStripeDouble();
    const stripe = createStripePayments({
      secretKey: double.secretKey,
      webhookSecret: double.webhookSecret,
      apiUrl: double.url,
    });
    payments = {
      ...stripe,
      createCheckout: (request) => {
        asked.push(request.reference);
        return stripe.createCheckout(request);
      },
    };
    await asSystem(db, 'test-setup', async (sys) => {
      await sys
        .insert(siteSettings)
        .values({ id: true, shopOpen: true })
        .onConflictDoUpdate({ target: siteSettings.id, set: { shopOpen: true } });
      const [product] = await sys.insert(products).values({ kind: 'card', title: 'Heron card' }).returning();
      // Made to order: stock never refuses a checkout here, only the limits do.
      const [variant] = await sys
        .insert(productVariants)
        .values({ productId: product!.id, label: 'Single', pricePence: 350, stock: null })
        .returning();
      cart = [{ kind: 'variant', variantId: variant!.id, quantity: 1 }];
    });
  });
  afterAll(async () => {
    await double?.close();
    await db?.close();
  });

  const deps = (at = new Date()): ShopDeps => ({ db, payments, siteUrl: 'http://127.0.0.1:3000', now: () => at });
  /** The orders of the block `address` is in (the orders keep its keyed hash). */
  const ordersOf = (address: string) =>
    asSystem(db, 'test-setup', (sys) =>
      sys
        .select()
        .from(orders)
        .where(eq(orders.visitorBlock, visitorKey(address))),
    );
  /** Expects a refusal that asked the provider for nothing and recorded nothing. */
  async function expectRefused(attempt: () => Promise<unknown>, message: string, block: string) {
    const before = { asked: asked.length, sessions: double.sessions.size, orders: (await ordersOf(block)).length };
    await expect(attempt()).rejects.toThrow(message);
    expect({ asked: asked.length, sessions: double.sessions.size, orders: (await ordersOf(block)).length }).toEqual(
      before,
    );
  }

  it(`${MAX_OPEN_CHECKOUTS} open checkouts from addresses of one /64: the next is refused before Stripe is asked; another /64 goes on`, async () => {
    for (const address of ['2001:db8:a:1::1', '2001:db8:a:1::2', '2001:db8:a:1:ffff:ffff:ffff:fffe'])
      await openCheckout(deps(), cart, address);
    const opened = await ordersOf('2001:db8:a:1::');
    expect(opened.map((order) => order.status)).toEqual(['pending', 'pending', 'pending']);
    await expectRefused(() => openCheckout(deps(), cart, '2001:db8:a:1:abcd::9'), shopMessages.open, '2001:db8:a:1::');
    expect(shopMessages.open).toBe(
      'You have 3 checkouts open already. Finish or close one (or wait half an hour), then try again. Nothing was charged.',
    );
    // The neighbouring /64, and an IPv4 address, are other visitors.
    const { orderId } = await openCheckout(deps(), cart, '2001:db8:a:2::1');
    await openCheckout(deps(), cart, '203.0.113.40');
    expect(
      (await asSystem(db, 'test-setup', (sys) => sys.select().from(orders).where(eq(orders.id, orderId))))[0]!
        .visitorBlock,
    ).toBe(visitorKey('2001:db8:a:2::ffff'));
    expect(await ordersOf('203.0.113.40')).toHaveLength(1);
  });

  it('a checkout closed (the buyer went back) or past its time frees its place', async () => {
    const block = '2001:db8:b:1::1';
    const t0 = new Date();
    const first = await openCheckout(deps(t0), cart, '2001:db8:b:1::1');
    await openCheckout(deps(t0), cart, '2001:db8:b:1::2');
    await openCheckout(deps(t0), cart, '2001:db8:b:1::3');
    await expectRefused(() => openCheckout(deps(t0), cart, '2001:db8:b:1::4'), shopMessages.open, block);
    await releaseOrder(db, first.orderId);
    await openCheckout(deps(t0), cart, '2001:db8:b:1::4');
    await expectRefused(() => openCheckout(deps(t0), cart, '2001:db8:b:1::5'), shopMessages.open, block);
    // No catch-up job has run: the three are still pending, but their checkouts have closed.
    const later = new Date(t0.getTime() + CHECKOUT_OPEN_MS);
    expect((await ordersOf(block)).filter((order) => order.status === 'pending')).toHaveLength(3);
    await openCheckout(deps(later), cart, '2001:db8:b:1::5');
  });

  it(`${MAX_CHECKOUTS_PER_HOUR} checkouts in an hour, closed or not: the next is refused until the oldest is an hour old`, async () => {
    const block = '2001:db8:c:1::1';
    const t0 = new Date();
    const minute = (n: number) => new Date(t0.getTime() + n * 60_000);
    for (let i = 0; i < MAX_CHECKOUTS_PER_HOUR; i++) {
      const { orderId } = await openCheckout(deps(minute(i)), cart, `2001:db8:c:1::${i + 1}`);
      await releaseOrder(db, orderId);
    }
    await expectRefused(
      () => openCheckout(deps(minute(MAX_CHECKOUTS_PER_HOUR)), cart, '2001:db8:c:1::100'),
      shopMessages.hourly,
      block,
    );
    expect(shopMessages.hourly).toBe(
      'Too many checkouts from your connection in the last hour. Please try again later. Nothing was charged.',
    );
    await expectRefused(() => openCheckout(deps(minute(59)), cart, '2001:db8:c:1::100'), shopMessages.hourly, block);
    // The hour slides: once the first is an hour old there is room for one, not for a new hour's worth.
    const past = new Date(t0.getTime() + CHECKOUT_HOUR_MS + 1);
    await openCheckout(deps(past), cart, '2001:db8:c:1::100');
    await expectRefused(() => openCheckout(deps(past), cart, '2001:db8:c:1::101'), shopMessages.hourly, block);
    expect(await ordersOf(block)).toHaveLength(MAX_CHECKOUTS_PER_HOUR + 1);
    // Another /64 has its own hour.
    await openCheckout(deps(past), cart, '2001:db8:c:2::1');
  });

  it('many checkouts at once from one /64: exactly as many open as the limit allows', async () => {
    const block = '2001:db8:d:1::1';
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => openCheckout(deps(), cart, `2001:db8:d:1::${i + 1}`)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(MAX_OPEN_CHECKOUTS);
    for (const refused of outcomes.filter((outcome) => outcome.status === 'rejected'))
      expect((refused as PromiseRejectedResult).reason.message).toBe(shopMessages.open);
    const opened = await ordersOf(block);
    expect(opened).toHaveLength(MAX_OPEN_CHECKOUTS);
    expect(asked.filter((reference) => opened.some((order) => order.id === reference))).toHaveLength(
      MAX_OPEN_CHECKOUTS,
    );
  });

  it('many checkouts at once with one left in the hour: exactly one opens', async () => {
    const block = '2001:db8:e:1::1';
    for (let i = 0; i < MAX_CHECKOUTS_PER_HOUR - 1; i++)
      await releaseOrder(db, (await openCheckout(deps(), cart, `2001:db8:e:1::${i + 1}`)).orderId);
    const before = asked.length;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => openCheckout(deps(), cart, `2001:db8:e:1::${100 + i}`)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const refused of outcomes.filter((outcome) => outcome.status === 'rejected'))
      expect((refused as PromiseRejectedResult).reason.message).toBe(shopMessages.hourly);
    expect(asked.length - before).toBe(1);
    expect(await ordersOf(block)).toHaveLength(MAX_CHECKOUTS_PER_HOUR);
  });
});
