import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { orders, paymentEvents, products, productVariants, siteSettings } from '@/lib/db/schema';
import type { Payments } from '@/lib/payments/port';
import { createStripePayments } from '@/lib/payments/stripe-adapter';
import { createTestDatabase } from '@/tests/support/db';
import {
  startStripeDouble,
  startWebhookReceiver,
  type StripeDouble,
  type WebhookReceiver,
} from '@/tests/support/stripe-double';
import { newVisitor } from '@/tests/support/visitors';
import { openCheckout } from './checkout';
import { gatheredEffects } from './settle';
import { handleStripeWebhook, WEBHOOK_BODY_CAP } from './webhook';

// POST /api/stripe/webhook (app/api/stripe/webhook/route.ts) as Stripe calls it: the double's
// deliveries, replayed byte for byte against the handler.

describe('the Stripe webhook endpoint', () => {
  let db: Database;
  let double: StripeDouble;
  let payments: Payments;
  let hook: WebhookReceiver;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    hook = await startWebhookReceiver();
    double = await startStripeDouble({ webhookUrl: hook.url });
    payments = createStripePayments({
      secretKey: double.secretKey,
      webhookSecret: double.webhookSecret,
      apiUrl: double.url,
    });
    await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(siteSettings)
        .values({ id: true, shopOpen: true })
        .onConflictDoUpdate({ target: siteSettings.id, set: { shopOpen: true } }),
    );
  });
  afterAll(async () => {
    await double?.close();
    await hook?.close();
    await db?.close();
  });

  const post = (body: string, signature: string | null, provider: Payments | null = payments) =>
    handleStripeWebhook(
      new Request('http://127.0.0.1/api/stripe/webhook', {
        method: 'POST',
        body,
        headers: signature ? { 'stripe-signature': signature } : {},
      }),
      { database: async () => db, payments: () => provider, effects: gatheredEffects() },
    );

  async function paidOrder() {
    const [product] = await asSystem(db, 'test-setup', (sys) =>
      sys.insert(products).values({ kind: 'card', title: 'Heron card' }).returning(),
    );
    const [variant] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(productVariants)
        .values({ productId: product!.id, label: 'Single', pricePence: 450, stock: 10 })
        .returning(),
    );
    const { orderId } = await openCheckout(
      { db, payments, siteUrl: 'http://127.0.0.1:3000' },
      [{ kind: 'variant', variantId: variant!.id, quantity: 2 }],
      newVisitor(),
    );
    const [order] = await asSystem(db, 'test-setup', (sys) => sys.select().from(orders).where(eq(orders.id, orderId)));
    await double.pay(order!.checkoutId!, {
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      line1: '1 Crescent Road',
      city: 'London',
      postalCode: 'SE19 1AA',
      country: 'GB',
    });
    return { orderId, delivery: hook.received.at(-1)! };
  }
  const statusOf = async (orderId: string) =>
    (
      await asSystem(db, 'test-setup', (sys) =>
        sys.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)),
      )
    )[0]!.status;

  it('applies a signed event once: 200 applied, then 200 duplicate for the same event resent', async () => {
    const { orderId, delivery } = await paidOrder();
    const first = await post(delivery.body, delivery.signature);
    expect([first.status, await first.json()]).toEqual([200, { received: true, outcome: 'applied' }]);
    expect(await statusOf(orderId)).toBe('paid');
    const again = await post(delivery.body, delivery.signature);
    expect([again.status, await again.json()]).toEqual([200, { received: true, outcome: 'duplicate' }]);
  });

  it('refuses what Stripe did not sign with 400, and changes nothing', async () => {
    const { orderId, delivery } = await paidOrder();
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: delivery.body, secret: 'whsec_someone_else' });
    for (const [body, signature] of [
      [delivery.body, null],
      [delivery.body, forged],
      [delivery.body.replace('"paid"', '"unpaid"'), delivery.signature],
      ['{}', delivery.signature],
    ] as const) {
      const response = await post(body, signature);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toMatch(/^Webhook refused: /);
    }
    expect(await statusOf(orderId)).toBe('pending');
    const recorded = await asSystem(db, 'test-setup', (sys) => sys.select().from(paymentEvents));
    expect(recorded.map((event) => event.id)).not.toContain(JSON.parse(delivery.body).id);
  });

  it("acknowledges a checkout the shop did not open (another integration's) and changes nothing", async () => {
    const foreign = await payments.createCheckout({
      reference: 'invoice-2291',
      idempotencyKey: 'foreign-1',
      items: [{ name: 'Workshop ticket', unitAmount: 2_000, quantity: 1 }],
      shipping: [],
      countries: ['GB'],
      successUrl: 'http://127.0.0.1:3000/',
      cancelUrl: 'http://127.0.0.1:3000/',
      expiresAt: new Date(Date.now() + 60 * 60_000),
    });
    await double.pay(foreign.id, {
      email: 'x@example.com',
      name: 'X',
      line1: '1 Road',
      city: 'London',
      postalCode: 'E1 1AA',
      country: 'GB',
    });
    const delivery = hook.received.at(-1)!;
    const response = await post(delivery.body, delivery.signature);
    expect([response.status, await response.json()]).toEqual([200, { received: true, outcome: 'ignored' }]);
  });

  it('answers 404 while payments are not configured, 413 for a body no event is', async () => {
    expect((await post('{}', 't=1,v1=x', null)).status).toBe(404);
    expect((await post('x'.repeat(WEBHOOK_BODY_CAP + 1), 't=1,v1=x')).status).toBe(413);
  });
});
