import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startStripeDouble,
  startWebhookReceiver,
  type StripeDouble,
  type WebhookReceiver,
} from '@/tests/support/stripe-double';
import { WebhookRejectedError, type Checkout, type CheckoutRequest, type Payments } from './port';
import { createStripePayments } from './stripe-adapter';

// The payments port on Stripe, through the `stripe` package, against the Stripe double
// (tests/support/stripe-double.ts; docs/stripe-double.md says what each endpoint was checked against).

describe('payments through Stripe Checkout', () => {
  let double: StripeDouble;
  let payments: Payments;
  let hook: WebhookReceiver;
  const received = () => hook.received;
  let n = 0;

  beforeAll(async () => {
    // The site's webhook endpoint, as far as this test needs one: what arrives, as it arrives.
    hook = await startWebhookReceiver();
    double = await startStripeDouble({ webhookUrl: hook.url });
    payments = createStripePayments({
      secretKey: double.secretKey,
      webhookSecret: double.webhookSecret,
      apiUrl: double.url,
    });
  });
  afterAll(async () => {
    await double?.close();
    await hook?.close();
  });
  beforeEach(() => {
    hook.received.length = 0;
    double.pageSize = 100;
  });

  const inAnHour = () => new Date(Date.now() + 60 * 60_000);
  const request = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
    reference: `order-${++n}`,
    items: [
      { name: 'Low Tide at Pegwell Bay (original)', unitAmount: 42_000, quantity: 1 },
      { name: 'Harbour Light print, A4', description: 'Giclée on Hahnemühle paper', unitAmount: 3_500, quantity: 2 },
    ],
    shipping: [
      { name: 'UK tracked', amount: 600, days: { min: 2, max: 4 } },
      { name: 'Europe', amount: 1_500 },
    ],
    countries: ['GB', 'FR', 'DE'],
    successUrl: 'http://127.0.0.1:3000/shop/thank-you?checkout={CHECKOUT_ID}',
    cancelUrl: 'http://127.0.0.1:3000/shop/cart',
    expiresAt: inAnHour(),
    idempotencyKey: `attempt-${n}`,
    ...overrides,
  });
  const buyer = {
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    line1: '1 Crescent Road',
    city: 'London',
    postalCode: 'SE19 1AA',
    country: 'GB',
  };

  it('opens a hosted checkout with exactly the lines, prices, delivery choices and countries the shop gives', async () => {
    const asked = request();
    const checkout = await payments.createCheckout(asked);
    expect(checkout).toMatchObject({
      status: 'open',
      paid: false,
      reference: asked.reference,
      amountTotal: 42_000 + 7_000,
      currency: 'gbp',
    });
    expect(checkout.url).toBe(`${double.url}/c/pay/${checkout.id}`);
    expect(Math.abs(checkout.expiresAt.getTime() - asked.expiresAt.getTime())).toBeLessThan(1_000);

    const stored = double.sessions.get(checkout.id)!;
    expect(stored.line_items).toEqual([
      { name: 'Low Tide at Pegwell Bay (original)', unit_amount: 42_000, quantity: 1, currency: 'gbp' },
      {
        name: 'Harbour Light print, A4',
        description: 'Giclée on Hahnemühle paper',
        unit_amount: 3_500,
        quantity: 2,
        currency: 'gbp',
      },
    ]);
    expect(stored.shipping_options.map((o) => [o.display_name, o.shipping_amount])).toEqual([
      ['UK tracked', 600],
      ['Europe', 1_500],
    ]);
    expect(stored.shipping_address_collection).toEqual({ allowed_countries: ['GB', 'FR', 'DE'] });
    expect(stored.metadata).toEqual({ reference: asked.reference });
    // Stripe fills in its own template on the way back to the site.
    expect(stored.success_url).toBe('http://127.0.0.1:3000/shop/thank-you?checkout={CHECKOUT_SESSION_ID}');
  });

  it('a create retried with the same key opens one checkout, not two', async () => {
    const asked = request();
    const [first, again] = [await payments.createCheckout(asked), await payments.createCheckout(asked)];
    expect(again.id).toBe(first.id);
    expect([...double.sessions.values()].filter((s) => s.client_reference_id === asked.reference)).toHaveLength(1);
  });

  it('an expiry Stripe would refuse (under 30 minutes, over 24 hours) fails, and opens nothing', async () => {
    const before = double.sessions.size;
    await expect(payments.createCheckout(request({ expiresAt: new Date(Date.now() + 10 * 60_000) }))).rejects.toThrow(
      /expires_at/,
    );
    await expect(
      payments.createCheckout(request({ expiresAt: new Date(Date.now() + 25 * 60 * 60_000) })),
    ).rejects.toThrow(/expires_at/);
    expect(double.sessions.size).toBe(before);
  });

  it('reads a paid checkout: the buyer, the address, the delivery chosen and the total with it', async () => {
    const checkout = await payments.createCheckout(request());
    const landing = await double.pay(checkout.id, { ...buyer, shippingChoice: 1, country: 'FR' });
    expect(landing).toBe(`http://127.0.0.1:3000/shop/thank-you?checkout=${checkout.id}`);
    const paid = await payments.getCheckout(checkout.id);
    expect(paid).toMatchObject({
      status: 'complete',
      paid: true,
      email: 'ada@example.com',
      customerName: 'Ada Lovelace',
      shippingAmount: 1_500,
      amountTotal: 49_000 + 1_500,
      shippingAddress: {
        name: 'Ada Lovelace',
        line1: '1 Crescent Road',
        city: 'London',
        postalCode: 'SE19 1AA',
        country: 'FR',
        line2: null,
        state: null,
      },
    });
    expect(paid.paymentId).toMatch(/^pi_/);
  });

  it('with the buyer’s email given, the hosted page asks for none: the checkout’s email is that one', async () => {
    const checkout = await payments.createCheckout(request({ customerEmail: 'reader@example.com' }));
    expect(double.sessions.get(checkout.id)!.customer_email).toBe('reader@example.com');
    expect(checkout.email).toBe('reader@example.com');
    const page = await (await fetch(checkout.url!)).text();
    expect(page).toContain('<output>reader@example.com</output>');
    expect(page).not.toContain('name="email"');
    await double.pay(checkout.id, buyer);
    expect(await payments.getCheckout(checkout.id)).toMatchObject({ paid: true, email: 'reader@example.com' });
  });

  it('closes an open checkout at once; one already paid is answered as it is', async () => {
    const open = await payments.createCheckout(request());
    expect(await payments.expireCheckout(open.id)).toMatchObject({
      id: open.id,
      status: 'expired',
      url: null,
      paid: false,
    });
    expect(await payments.expireCheckout(open.id)).toMatchObject({ status: 'expired' });
    const paid = await payments.createCheckout(request());
    await double.pay(paid.id, buyer);
    expect(await payments.expireCheckout(paid.id)).toMatchObject({ status: 'complete', paid: true });
  });

  it('an unknown checkout is an error, not an empty answer', async () => {
    await expect(payments.getCheckout('cs_test_unknown')).rejects.toThrow(
      "No such checkout.session: 'cs_test_unknown'",
    );
  });

  it('lists the checkouts still open since a time, across pages, oldest first', async () => {
    const since = new Date(Date.now() - 1_000);
    const opened: Checkout[] = [];
    for (let i = 0; i < 5; i++) opened.push(await payments.createCheckout(request()));
    await double.pay(opened[1]!.id, buyer);
    await payments.expireCheckout(opened[3]!.id);
    double.pageSize = 2;
    const open = await payments.openCheckouts(since);
    expect(open.map((c) => c.id).filter((id) => opened.some((o) => o.id === id))).toEqual([
      opened[0]!.id,
      opened[2]!.id,
      opened[4]!.id,
    ]);
  });

  it('reads the reference from the metadata it set, never from client_reference_id (a Payment Link takes one from anyone)', async () => {
    const ours = await payments.createCheckout(request());
    expect((await payments.getCheckout(ours.id)).reference).toBe(ours.reference);
    const link = double.openOutside({ amount: 500, clientReferenceId: ours.reference! });
    await double.pay(link.id, buyer);
    expect(await payments.getCheckout(link.id)).toMatchObject({
      reference: null,
      clientReference: ours.reference,
      paid: true,
      amountTotal: 500,
    });
  });

  it('a delayed payment: complete and unpaid while it settles; failed once the bank says so', async () => {
    const settling = await payments.createCheckout(request());
    await double.pay(settling.id, buyer, { delayed: true });
    expect(await payments.getCheckout(settling.id)).toMatchObject({
      status: 'complete',
      paid: false,
      paymentFailed: false,
    });
    await double.settle(settling.id, 'failed');
    expect(await payments.getCheckout(settling.id)).toMatchObject({
      status: 'complete',
      paid: false,
      paymentFailed: true,
    });
    const cleared = await payments.createCheckout(request());
    await double.pay(cleared.id, buyer, { delayed: true });
    await double.settle(cleared.id, 'succeeded');
    expect(await payments.getCheckout(cleared.id)).toMatchObject({
      status: 'complete',
      paid: true,
      paymentFailed: false,
    });
  });

  it('refunds a payment in full, once per idempotency key; an unpaid one is refused', async () => {
    const paid = await payments.createCheckout(request());
    await double.pay(paid.id, buyer);
    const { paymentId, amountTotal } = await payments.getCheckout(paid.id);
    const first = await payments.refund({
      paymentId: paymentId!,
      reason: 'sold twice',
      idempotencyKey: `refund-${paid.id}`,
    });
    const again = await payments.refund({
      paymentId: paymentId!,
      reason: 'sold twice',
      idempotencyKey: `refund-${paid.id}`,
    });
    expect(again.id).toBe(first.id);
    expect(double.refunds.filter((r) => r.payment_intent === paymentId)).toEqual([
      expect.objectContaining({ amount: amountTotal, metadata: { reason: 'sold twice' } }),
    ]);
    await expect(
      payments.refund({ paymentId: paymentId!, reason: 'again', idempotencyKey: 'another-key' }),
    ).rejects.toThrow(/already been refunded/);
    const settling = await payments.createCheckout(request());
    await double.pay(settling.id, buyer, { delayed: true });
    const pending = (await payments.getCheckout(settling.id)).paymentId!;
    await expect(payments.refund({ paymentId: pending, reason: 'x', idempotencyKey: 'k-pending' })).rejects.toThrow(
      /does not have a successful charge/,
    );
  });

  describe('webhooks', () => {
    const lastReceived = () => received().at(-1)!;

    it('reads signed events: paid, expired, refunded', async () => {
      const paid = await payments.createCheckout(request());
      await double.pay(paid.id, buyer);
      const completed = await payments.readWebhook(lastReceived().body, lastReceived().signature);
      expect(completed).toMatchObject({
        kind: 'checkout-completed',
        checkout: { id: paid.id, paid: true, reference: paid.reference },
      });

      const debit = await payments.createCheckout(request());
      await double.pay(debit.id, buyer, { delayed: true });
      expect(await payments.readWebhook(lastReceived().body, lastReceived().signature)).toMatchObject({
        kind: 'checkout-completed',
        checkout: { id: debit.id, status: 'complete', paid: false },
      });
      await double.settle(debit.id, 'succeeded');
      expect(await payments.readWebhook(lastReceived().body, lastReceived().signature)).toMatchObject({
        kind: 'checkout-async-succeeded',
        checkout: { id: debit.id, paid: true },
      });
      const bounced = await payments.createCheckout(request());
      await double.pay(bounced.id, buyer, { delayed: true });
      await double.settle(bounced.id, 'failed');
      expect(await payments.readWebhook(lastReceived().body, lastReceived().signature)).toMatchObject({
        kind: 'checkout-async-failed',
        checkout: { id: bounced.id, paid: false, paymentFailed: true },
      });
      expect(completed.id).toMatch(/^evt_/);

      const left = await payments.createCheckout(request());
      await double.runOut(left.id);
      const expired = received()
        .map((r) => r.body)
        .find((body) => body.includes(left.id) && body.includes('checkout.session.expired'))!;
      const signature = received().find((r) => r.body === expired)!.signature;
      expect(await payments.readWebhook(expired, signature)).toMatchObject({
        kind: 'checkout-expired',
        checkout: { id: left.id, status: 'expired' },
      });

      const { paymentId } = await payments.getCheckout(paid.id);
      await double.refund(paymentId!, 1_000);
      expect(await payments.readWebhook(lastReceived().body, lastReceived().signature)).toMatchObject({
        kind: 'refunded',
        paymentId,
        amountRefunded: 1_000,
        fully: false,
      });
      await double.refund(paymentId!);
      expect(await payments.readWebhook(lastReceived().body, lastReceived().signature)).toMatchObject({
        kind: 'refunded',
        paymentId,
        fully: true,
      });
    });

    it('refuses a request Stripe did not sign: no header, a changed body, another secret, a stale signature', async () => {
      const checkout = await payments.createCheckout(request());
      await double.pay(checkout.id, buyer);
      const { body, signature } = lastReceived();
      await expect(payments.readWebhook(body, null)).rejects.toThrow(WebhookRejectedError);
      await expect(payments.readWebhook(body.replace('"paid"', '"unpaid"'), signature)).rejects.toThrow(
        'No signatures found matching the expected signature for payload',
      );
      const forged = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_not_the_endpoints' });
      await expect(payments.readWebhook(body, forged)).rejects.toThrow(WebhookRejectedError);
      const stale = Stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: double.webhookSecret,
        timestamp: Math.floor(Date.now() / 1000) - 10 * 60,
      });
      await expect(payments.readWebhook(body, stale)).rejects.toThrow('Timestamp outside the tolerance zone');
      // The genuine one still reads.
      expect((await payments.readWebhook(body, signature)).kind).toBe('checkout-completed');
    });

    it('a resent event carries the same id, so the shop can tell it has seen it', async () => {
      const checkout = await payments.createCheckout(request());
      await double.pay(checkout.id, buyer);
      const first = await payments.readWebhook(lastReceived().body, lastReceived().signature);
      await double.redeliver(first.id);
      const again = await payments.readWebhook(lastReceived().body, lastReceived().signature);
      expect(again.id).toBe(first.id);
    });
  });
});
