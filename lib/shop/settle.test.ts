import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import {
  artworks,
  logsApp,
  mailOutbox,
  orders,
  originalHolds,
  originalsSold,
  paymentEvents,
  products,
  productVariants,
  siteSettings,
  strayPayments,
} from '@/lib/db/schema';
import type { Payments } from '@/lib/payments/port';
import { createStripePayments } from '@/lib/payments/stripe-adapter';
import { createTestDatabase, drivers } from '@/tests/support/db';
import { startStripeDouble, type StripeDouble } from '@/tests/support/stripe-double';
import { catchUpCheckouts, pruneUnpaid } from './catch-up';
import { openCheckout, originalStates, shopMessages, type ShopDeps } from './checkout';
import { cancelCheckout, settleOnReturn } from './order-status';
import { BUYER_LIMITS } from './payment-events';
import { newVisitor } from '@/tests/support/visitors';
import { gatheredEffects, settleOrder } from './settle';

// The shop's money (docs/product.md, The money is never wrong), on both databases, paying through
// the Stripe double with its webhook events handed to the site one by one, in the order a test
// chooses: an order is paid only by its own checkout, an original is sold once whatever the payment
// method, and refunds and late events land where they belong.

const buyer = {
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  line1: '1 Crescent Road',
  city: 'London',
  postalCode: 'SE19 1AA',
  country: 'GB',
};
const other = { ...buyer, email: 'grace@example.com', name: 'Grace Hopper' };
const MINUTE = 60_000;

describe.each(drivers)('settling orders on %s', (driver) => {
  let db: Database;
  let double: StripeDouble;
  let payments: Payments;
  let deps: ShopDeps;
  let n = 0;
  /** Events the double made that the site has not been handed yet. */
  let handed = 0;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    // No webhook URL: the test delivers each event itself (deliver), in the order it chooses.
    double = await startStripeDouble();
    payments = createStripePayments({
      secretKey: double.secretKey,
      webhookSecret: double.webhookSecret,
      apiUrl: double.url,
    });
    deps = { db, payments, siteUrl: 'http://127.0.0.1:3000' };
    await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(siteSettings)
        .values({ id: true, shopOpen: true })
        .onConflictDoUpdate({ target: siteSettings.id, set: { shopOpen: true } }),
    );
  });
  afterAll(async () => {
    await double?.close();
    await db?.close();
  });

  const settleDeps = () => ({ db, payments, effects: gatheredEffects() });
  /** The event the double made, read as the webhook route reads it (its signature checked). */
  const eventAt = async (i: number) => {
    const { body } = double.events[i]!;
    const { default: Stripe } = await import('stripe');
    return payments.readWebhook(
      body,
      Stripe.webhooks.generateTestHeaderString({ payload: body, secret: double.webhookSecret }),
    );
  };
  /** Hands the site every event made since the last call, oldest first. */
  async function deliver() {
    const results = [];
    for (; handed < double.events.length; handed++)
      results.push(await settleOrder(settleDeps(), { event: await eventAt(handed) }));
    return results;
  }
  /** Events made since the last deliver, left undelivered (lost, or late: the test hands them later by index). */
  function withhold(): number[] {
    const held = Array.from({ length: double.events.length - handed }, (_, i) => handed + i);
    handed = double.events.length;
    return held;
  }

  async function original(price = '£350') {
    const [row] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(artworks)
        .values({
          title: `Settled ${driver} ${++n}`,
          slug: `settled-${driver}-${n}`,
          category: 'Landscapes',
          price,
          imageAlt: 'A watercolour',
        })
        .returning(),
    );
    return row!;
  }
  async function print(stock: number | null) {
    const [product] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(products)
        .values({ kind: 'print', title: `Settled print ${++n}` })
        .returning(),
    );
    const [variant] = await asSystem(db, 'test-setup', (sys) =>
      sys.insert(productVariants).values({ productId: product!.id, label: 'A4', pricePence: 3_500, stock }).returning(),
    );
    return variant!;
  }
  const orderOf = async (id: string) =>
    (await asSystem(db, 'test-setup', (sys) => sys.select().from(orders).where(eq(orders.id, id))))[0]!;
  const sessionOf = async (orderId: string) => double.sessions.get((await orderOf(orderId)).checkoutId!)!;
  const stockOf = async (id: string) =>
    (
      await asSystem(db, 'test-setup', (sys) =>
        sys.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, id)),
      )
    )[0]!.stock;
  const stateOf = async (artworkId: string, now?: Date) =>
    (await originalStates(db, [artworkId], now)).get(artworkId) ?? 'available';
  const mailsOf = async (orderId: string) =>
    (
      await asSystem(db, 'test-setup', (sys) =>
        sys.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.messageId, orderId)),
      )
    )
      .map((row) => row.kind)
      .sort();
  const buy = (artworkId: string, now?: Date) =>
    openCheckout(now ? { ...deps, now: () => now } : deps, [{ kind: 'original', artworkId }], newVisitor());

  describe('an order is paid only by its own checkout', () => {
    it('a £5 Payment Link naming a held £350 original’s order pays nothing: kept as a stray, logged, the original still held', async () => {
      const painting = await original('£350');
      const { orderId } = await buy(painting.id);
      await deliver();
      // Someone opens the account's Payment Link with ?client_reference_id=<the order's id> and pays £5.
      const link = double.openOutside({ amount: 500, clientReferenceId: orderId });
      await double.pay(link.id, other);
      const [applied] = await deliver();
      expect(applied).toMatchObject({ outcome: 'stray', soldArtworks: [], mail: false });
      expect(await orderOf(orderId)).toMatchObject({
        status: 'pending',
        paymentId: null,
        email: null,
        totalPence: null,
      });
      expect(await stateOf(painting.id)).toBe('reserved');
      expect(await mailsOf(orderId)).toEqual([]);
      const [stray] = await asSystem(db, 'test-setup', (sys) =>
        sys.select().from(strayPayments).where(eq(strayPayments.checkoutId, link.id)),
      );
      expect(stray).toMatchObject({ orderId, amountPence: 500, currency: 'gbp', paymentId: link.payment_intent });
      const logged = await asSystem(db, 'test-setup', (sys) =>
        sys
          .select()
          .from(logsApp)
          .where(and(eq(logsApp.type, 'security'), eq(logsApp.feature, 'shop'))),
      );
      expect(logged.some((row) => (row.meta as { checkoutId?: string }).checkoutId === link.id)).toBe(true);
      // The way back and the job, asked about the link's session, do no more.
      expect(await settleOnReturn(settleDeps(), link.id)).toBeNull();
      // The order's own checkout still pays it, in full.
      await double.pay((await sessionOf(orderId)).id, buyer);
      expect((await deliver())[0]).toMatchObject({ outcome: 'applied', soldArtworks: [painting.id] });
      expect(await orderOf(orderId)).toMatchObject({ status: 'paid', totalPence: 35_000 + 1_500 });
    });

    it('a sale of another integration on the account, naming no order of the shop, is not the shop’s business', async () => {
      const link = double.openOutside({ amount: 2_000 });
      await double.pay(link.id, other);
      expect((await deliver())[0]).toMatchObject({ outcome: 'ignored' });
      expect(
        await asSystem(db, 'test-setup', (sys) =>
          sys.select().from(strayPayments).where(eq(strayPayments.checkoutId, link.id)),
        ),
      ).toEqual([]);
    });

    it('the order’s own checkout for less than it quoted, or in another currency, pays nothing', async () => {
      const variant = await print(5);
      const { orderId } = await openCheckout(
        deps,
        [{ kind: 'variant', variantId: variant.id, quantity: 1 }],
        newVisitor(),
      );
      await deliver();
      const session = await sessionOf(orderId);
      await double.pay(session.id, buyer);
      withhold();
      const paid = await payments.getCheckout(session.id);
      const short = await settleOrder(settleDeps(), { checkout: { ...paid, amountTotal: 100 } });
      expect(short.outcome).toBe('stray');
      const dollars = await settleOrder(settleDeps(), { checkout: { ...paid, currency: 'usd' } });
      expect(dollars.outcome).toBe('stray');
      expect((await orderOf(orderId)).status).toBe('pending');
      const [stray] = await asSystem(db, 'test-setup', (sys) =>
        sys.select().from(strayPayments).where(eq(strayPayments.checkoutId, session.id)),
      );
      expect(stray!.reason).toMatch(/quoted 4100/);
      // What Stripe really says pays it.
      expect(await settleOrder(settleDeps(), { checkout: paid })).toMatchObject({ outcome: 'applied' });
    });

    it('Stripe’s values never block a payment: a name and email longer than the columns are stored shortened', async () => {
      const { orderId } = await openCheckout(
        deps,
        [{ kind: 'variant', variantId: (await print(null)).id, quantity: 1 }],
        newVisitor(),
      );
      await deliver();
      const long = { ...buyer, name: 'N'.repeat(400), email: `${'e'.repeat(300)}@example.com` };
      await double.pay((await sessionOf(orderId)).id, long);
      expect((await deliver())[0]).toMatchObject({ outcome: 'applied' });
      const paid = await orderOf(orderId);
      expect(paid.status).toBe('paid');
      expect(paid.name).toHaveLength(BUYER_LIMITS.name);
      expect(paid.email).toHaveLength(BUYER_LIMITS.email);
    });
  });

  describe('an original is sold once, whatever the payment method', () => {
    it('a bank debit still settling keeps the original through the back button and past its hour; it sells when the debit succeeds', async () => {
      const painting = await original();
      const { orderId } = await buy(painting.id);
      await double.pay((await sessionOf(orderId)).id, buyer, { delayed: true });
      await deliver();
      expect(await orderOf(orderId)).toMatchObject({ status: 'processing' });
      // The back button after paying opens the cancel address: nothing is released.
      const secret = (await orderOf(orderId)).returnSecret;
      expect((await cancelCheckout(settleDeps(), orderId, secret)).outcome).toBe('processing');
      // Two hours on, the job runs: the payment is still settling, so the hold stands.
      const later = new Date(Date.now() + 120 * MINUTE);
      await catchUpCheckouts(db, payments, later);
      expect(await stateOf(painting.id, later)).toBe('reserved');
      await expect(buy(painting.id, later)).rejects.toThrow(shopMessages.reserved(painting.title));
      await double.settle((await sessionOf(orderId)).id, 'succeeded');
      expect((await deliver())[0]).toMatchObject({ outcome: 'applied', soldArtworks: [painting.id] });
      expect(await orderOf(orderId)).toMatchObject({ status: 'paid' });
      expect(await mailsOf(orderId)).toEqual(['order-buyer', 'order-owner']);
    });

    it('a failed bank debit gives the original and the stock back, and a late copy of its completion does not take them again', async () => {
      const painting = await original();
      const variant = await print(2);
      const { orderId } = await openCheckout(
        deps,
        [
          { kind: 'original', artworkId: painting.id },
          { kind: 'variant', variantId: variant.id, quantity: 2 },
        ],
        newVisitor(),
      );
      await double.pay((await sessionOf(orderId)).id, buyer, { delayed: true });
      const [completed] = withhold();
      await double.settle((await sessionOf(orderId)).id, 'failed');
      // The failure arrives first, then the completion.
      expect((await deliver())[0]).toMatchObject({ outcome: 'applied' });
      expect(await settleOrder(settleDeps(), { event: await eventAt(completed!) })).toMatchObject({
        outcome: 'duplicate',
      });
      expect((await orderOf(orderId)).status).toBe('expired');
      expect(await stockOf(variant.id)).toBe(2);
      expect(await stateOf(painting.id)).toBe('available');
      // And the job, which finds the debit failed at Stripe, leaves it so.
      await catchUpCheckouts(db, payments, new Date(Date.now() + 10 * MINUTE));
      expect(await stateOf(painting.id)).toBe('available');
    });

    it('the job finds a failed debit whose event never came and releases it', async () => {
      const painting = await original();
      const { orderId } = await buy(painting.id);
      await double.pay((await sessionOf(orderId)).id, buyer, { delayed: true });
      await deliver();
      await double.settle((await sessionOf(orderId)).id, 'failed');
      withhold();
      const caught = await catchUpCheckouts(db, payments, new Date(Date.now() + 10 * MINUTE));
      expect(caught.released).toContain(orderId);
      expect(await stateOf(painting.id)).toBe('available');
    });

    it('two payments for one original anyway: the later is refunded in full through Stripe, once, with the reason and both emails', async () => {
      const painting = await original('£350');
      const start = new Date();
      const first = await buy(painting.id, start);
      await deliver();
      // The first buyer pays by debit, and its completion is delayed past the hold.
      await double.pay((await sessionOf(first.orderId)).id, buyer, { delayed: true });
      const late = withhold();
      const afterHold = new Date(start.getTime() + 40 * MINUTE);
      const second = await buy(painting.id, afterHold);
      await double.pay((await sessionOf(second.orderId)).id, other);
      expect((await deliver()).at(-1)).toMatchObject({ outcome: 'applied', soldArtworks: [painting.id] });
      // The first buyer's completion, then their debit's success, arrive.
      for (const i of late) await settleOrder(settleDeps(), { event: await eventAt(i) });
      await double.settle((await sessionOf(first.orderId)).id, 'succeeded');
      const results = await deliver();
      expect(results[0]).toMatchObject({ outcome: 'applied', refundDue: [first.orderId] });
      const refunded = await orderOf(first.orderId);
      expect(refunded).toMatchObject({ status: 'refunded', refundId: double.refunds.at(-1)!.id });
      expect(refunded.refundReason).toMatch(/already been sold to another buyer/);
      expect(double.refunds.filter((r) => r.payment_intent === refunded.paymentId)).toHaveLength(1);
      expect(double.refunds.at(-1)!.amount).toBe(35_000 + 1_500);
      // Stripe's charge.refunded comes back and records the amount.
      expect((await orderOf(first.orderId)).refundedPence).toBe(35_000 + 1_500);
      expect(await mailsOf(first.orderId)).toEqual(['order-refunded-buyer', 'order-refunded-owner']);
      expect(await orderOf(second.orderId)).toMatchObject({ status: 'paid' });
      const sold = await asSystem(db, 'test-setup', (sys) =>
        sys.select().from(originalsSold).where(eq(originalsSold.artworkId, painting.id)),
      );
      expect(sold.map((row) => row.orderId)).toEqual([second.orderId]);
      // The job asks again for refunds not yet made: none, and no second refund.
      await catchUpCheckouts(db, payments, new Date(Date.now() + 60 * MINUTE));
      expect(double.refunds.filter((r) => r.payment_intent === refunded.paymentId)).toHaveLength(1);
    });

    it('a refund that Stripe could not make at once is made by the job', async () => {
      const painting = await original();
      const start = new Date();
      const first = await buy(painting.id, start);
      await deliver();
      await double.pay((await sessionOf(first.orderId)).id, buyer);
      const late = withhold();
      const second = await buy(painting.id, new Date(start.getTime() + 40 * MINUTE));
      await double.pay((await sessionOf(second.orderId)).id, other);
      await deliver();
      const unreachable = createStripePayments({
        secretKey: double.secretKey,
        webhookSecret: double.webhookSecret,
        apiUrl: 'http://127.0.0.1:9',
      });
      for (const i of late)
        await settleOrder({ db, payments: unreachable, effects: gatheredEffects() }, { event: await eventAt(i) });
      expect(await orderOf(first.orderId)).toMatchObject({ status: 'refunded', refundId: null });
      const caught = await catchUpCheckouts(db, payments, new Date(Date.now() + 60 * MINUTE));
      expect(caught.failed).toBe(0);
      expect((await orderOf(first.orderId)).refundId).toBe(double.refunds.at(-1)!.id);
    });
  });

  describe('events in any order', () => {
    it('a refund is the largest amount refunded so far, and one that arrives before its order is settled is applied when it is', async () => {
      const { orderId } = await openCheckout(
        deps,
        [{ kind: 'variant', variantId: (await print(null)).id, quantity: 1 }],
        newVisitor(),
      );
      await deliver();
      await double.pay((await sessionOf(orderId)).id, buyer);
      const [completed] = withhold();
      const paymentId = (await sessionOf(orderId)).payment_intent!;
      await double.refund(paymentId, 500);
      const [part] = withhold();
      await double.refund(paymentId);
      // The full refund first, then the part, then (last of all) the payment.
      await deliver();
      expect(await settleOrder(settleDeps(), { event: await eventAt(part!) })).toMatchObject({ outcome: 'ignored' });
      expect((await orderOf(orderId)).status).toBe('pending');
      await settleOrder(settleDeps(), { event: await eventAt(completed!) });
      expect(await orderOf(orderId)).toMatchObject({ status: 'refunded', refundedPence: 3_500 + 600 });
    });

    it('the job pages through every order not yet settled, not the oldest few', async () => {
      const start = new Date();
      const opened = [];
      for (let i = 0; i < 5; i++)
        opened.push(
          (
            await openCheckout(
              { ...deps, now: () => start },
              [{ kind: 'variant', variantId: (await print(null)).id, quantity: 1 }],
              newVisitor(),
            )
          ).orderId,
        );
      for (const orderId of opened) await double.pay((await sessionOf(orderId)).id, buyer);
      withhold();
      const caught = await catchUpCheckouts(db, payments, new Date(start.getTime() + 5 * MINUTE), { pageSize: 2 });
      expect(caught.paid).toEqual(expect.arrayContaining(opened));
      for (const orderId of opened) expect((await orderOf(orderId)).status).toBe('paid');
    });

    it('orders never paid are pruned after 30 days with their events; paid ones are kept', async () => {
      const start = new Date();
      const unpaid = await openCheckout(
        { ...deps, now: () => start },
        [{ kind: 'variant', variantId: (await print(null)).id, quantity: 1 }],
        newVisitor(),
      );
      const paid = await openCheckout(
        { ...deps, now: () => start },
        [{ kind: 'variant', variantId: (await print(null)).id, quantity: 1 }],
        newVisitor(),
      );
      await double.pay((await sessionOf(paid.orderId)).id, buyer);
      await double.runOut((await sessionOf(unpaid.orderId)).id);
      await deliver();
      expect((await orderOf(unpaid.orderId)).status).toBe('expired');
      const old = new Date(start.getTime() - 31 * 24 * 60 * MINUTE);
      await asSystem(db, 'test-setup', (sys) =>
        sys
          .update(orders)
          .set({ createdAt: old, checkoutExpiresAt: old })
          .where(inArray(orders.id, [unpaid.orderId, paid.orderId])),
      );
      await asSystem(db, 'test-setup', (sys) =>
        sys
          .update(paymentEvents)
          .set({ receivedAt: old })
          .where(inArray(paymentEvents.orderId, [unpaid.orderId, paid.orderId])),
      );
      expect(await pruneUnpaid(db)).toBeGreaterThanOrEqual(1);
      expect(
        await asSystem(db, 'test-setup', (sys) => sys.select().from(orders).where(eq(orders.id, unpaid.orderId))),
      ).toEqual([]);
      expect(
        await asSystem(db, 'test-setup', (sys) =>
          sys.select().from(paymentEvents).where(eq(paymentEvents.orderId, unpaid.orderId)),
        ),
      ).toEqual([]);
      expect((await orderOf(paid.orderId)).status).toBe('paid');
      expect(
        await asSystem(db, 'test-setup', (sys) =>
          sys.select().from(paymentEvents).where(eq(paymentEvents.orderId, paid.orderId)),
        ),
      ).not.toEqual([]);
    });
  });

  it('holds are gone once nothing is open: no hold outlives its order', async () => {
    const holds = await asSystem(db, 'test-setup', (sys) =>
      sys.select({ status: orders.status }).from(originalHolds).innerJoin(orders, eq(orders.id, originalHolds.orderId)),
    );
    expect(holds.every((hold) => hold.status === 'pending' || hold.status === 'processing')).toBe(true);
  });
});
