import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { artworks, orderLines, orders, products, productVariants, siteSettings, subscribers } from '@/lib/db/schema';
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
import { readBasket } from './basket';
import { DiscountCodeRefusal, openCheckout, type CartLine, type ShopDeps } from './checkout';
import { chargedUnitPence, priceBasket, type AppliedDiscount } from './discount';
import { orderBuyerMail, orderOwnerMail } from './order-mail';
import { readBuyerOrder } from './order-status';
import { readOrder } from './orders';
import { gatheredEffects } from './settle';
import { handleStripeWebhook } from './webhook';

// The subscriber discount in the shop (docs/product.md, The subscriber discount): what the basket
// shows, what checkout charges and sends Stripe, what the order records and its emails say, that
// the payment of the discounted total settles it, and that a code which stopped refuses checkout.

const twenty: AppliedDiscount = {
  ok: true,
  code: 'PRINTS-AAAA',
  email: 'reader@example.com',
  percent: 20,
  kinds: ['print', 'card', 'coaster'],
};

describe('pricing with the discount', () => {
  const line = (kind: AppliedDiscount['kinds'][number], unitPence: number, quantity = 1, state = 'available') => ({
    kind,
    unitPence,
    quantity,
    state,
  });

  it('takes the percentage off each one of the kinds it covers, rounded to whole pence; not off the others', () => {
    expect(chargedUnitPence(3_500, 'print', twenty)).toBe(2_800);
    // 20% off £4.99 is £3.992: a whole penny, rounded.
    expect(chargedUnitPence(499, 'card', twenty)).toBe(399);
    expect(chargedUnitPence(45_000, 'original', twenty)).toBe(45_000);
    expect(chargedUnitPence(1_200, 'gift', twenty)).toBe(1_200);
    expect(chargedUnitPence(3_500, 'print', null)).toBe(3_500);
    expect(chargedUnitPence(45_000, 'original', { ...twenty, kinds: ['original'] })).toBe(36_000);
  });

  it('totals the lines that can be bought: list, discount and subtotal agree; a line marked sold counts for nothing', () => {
    const priced = priceBasket(
      [line('print', 3_500, 2), line('original', 45_000), line('card', 499, 3), line('print', 9_999, 1, 'sold')],
      twenty,
    );
    expect(priced.lines.map((l) => [l.chargedPence, l.discounted])).toEqual([
      [2_800, true],
      [45_000, false],
      [399, true],
      [9_999, false],
    ]);
    expect(priced).toMatchObject({
      listSubtotalPence: 7_000 + 45_000 + 1_497,
      discountPence: 1_400 + 300,
      subtotalPence: 5_600 + 45_000 + 1_197,
    });
    expect(priceBasket([line('print', 3_500, 2)], null)).toMatchObject({ discountPence: 0, subtotalPence: 7_000 });
  });
});

const buyer = {
  email: 'someone.else@example.com',
  name: 'Ada Lovelace',
  line1: '1 Crescent Road',
  city: 'London',
  postalCode: 'SE19 1AA',
  country: 'GB',
};

describe('checkout with a subscriber’s code', () => {
  let db: Database;
  let double: StripeDouble;
  let payments: Payments;
  let hook: WebhookReceiver;
  let deps: ShopDeps;
  let n = 0;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    hook = await startWebhookReceiver();
    double = await startStripeDouble({ webhookUrl: hook.url });
    payments = createStripePayments({
      secretKey: double.secretKey,
      webhookSecret: double.webhookSecret,
      apiUrl: double.url,
    });
    deps = { db, payments, siteUrl: 'http://127.0.0.1:3000' };
  });
  afterAll(async () => {
    await double?.close();
    await hook?.close();
    await db?.close();
  });
  beforeEach(() => settings({ on: true, percent: 20, kinds: ['print', 'card', 'coaster'] }));

  const settings = (values: { on: boolean; percent: number; kinds: string[] }) =>
    asSystem(db, 'test-setup', (sys) => {
      const set = {
        shopOpen: true,
        discountOn: values.on,
        discountPercent: values.percent,
        discountKinds: values.kinds,
      };
      return sys
        .insert(siteSettings)
        .values({ id: true, ...set })
        .onConflictDoUpdate({ target: siteSettings.id, set });
    });
  async function subscriber(status: 'confirmed' | 'pending' | 'unsubscribed' = 'confirmed') {
    const code = `PRINTS-${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
    const email = `reader${++n}@example.com`;
    await asSystem(db, 'test-setup', (sys) =>
      sys.insert(subscribers).values({ email, name: 'A reader', consent: 'yes', status, discountCode: code }),
    );
    return { code, email };
  }
  async function variant(kind: 'print' | 'card' | 'gift', pricePence: number, stock: number | null = 10) {
    const [product] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(products)
        .values({ kind, title: `${kind} ${++n}` })
        .returning(),
    );
    const [row] = await asSystem(db, 'test-setup', (sys) =>
      sys.insert(productVariants).values({ productId: product!.id, label: 'A4', pricePence, stock }).returning(),
    );
    return { ...row!, title: `${product!.title}, A4` };
  }
  async function painting(price = '£450') {
    const [row] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(artworks)
        .values({
          title: `Painting ${++n}`,
          slug: `painting-${n}`,
          category: 'Landscapes',
          price,
          imageAlt: 'A watercolour',
        })
        .returning(),
    );
    return row!;
  }
  const orderOf = async (id: string) =>
    (await asSystem(db, 'test-setup', (sys) => sys.select().from(orders).where(eq(orders.id, id))))[0]!;
  const linesOf = (id: string) =>
    asSystem(db, 'test-setup', (sys) =>
      sys
        .select({ title: orderLines.title, unit: orderLines.unitPence, list: orderLines.listUnitPence })
        .from(orderLines)
        .where(eq(orderLines.orderId, id))
        .orderBy(orderLines.title),
    );
  const countOrders = async () =>
    (await asSystem(db, 'test-setup', (sys) => sys.select({ n: count() }).from(orders)))[0]!.n;
  const stockOf = async (id: string) =>
    (
      await asSystem(db, 'test-setup', (sys) =>
        sys.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, id)),
      )
    )[0]!.stock;

  it('the basket reads each line’s kind: prints, cards and coasters discounted, an original and a gift not', async () => {
    const print = await variant('print', 3_500);
    const gift = await variant('gift', 1_200);
    const original = await painting('£450');
    const cart: CartLine[] = [
      { kind: 'variant', variantId: print.id, quantity: 2 },
      { kind: 'variant', variantId: gift.id, quantity: 1 },
      { kind: 'original', artworkId: original.id },
    ];
    const priced = priceBasket(await readBasket(db, cart), twenty);
    expect(priced.lines.map((l) => [l.kind, l.unitPence, l.chargedPence])).toEqual([
      ['print', 3_500, 2_800],
      ['gift', 1_200, 1_200],
      ['original', 45_000, 45_000],
    ]);
    expect(priced.discountPence).toBe(1_400);
    // With originals among the kinds, the original is discounted too.
    expect(priceBasket(await readBasket(db, cart), { ...twenty, kinds: ['original'] }).discountPence).toBe(9_000);
  });

  it('sends Stripe the discounted amount of each line it covers, says so under its name, and gives the subscriber’s email', async () => {
    const { code, email } = await subscriber();
    const print = await variant('print', 3_500);
    const original = await painting('£450');
    const { orderId } = await openCheckout(
      deps,
      [
        { kind: 'variant', variantId: print.id, quantity: 2 },
        { kind: 'original', artworkId: original.id },
      ],
      newVisitor(),
      ` ${code.toLowerCase()} `.replace('-', ' - '),
    );
    const order = await orderOf(orderId);
    const session = double.sessions.get(order.checkoutId!)!;
    expect(session.line_items.map((item) => [item.name, item.unit_amount, item.quantity, item.description])).toEqual([
      [print.title, 2_800, 2, '20% subscriber discount (was £35.00)'],
      [`${original.title} (original painting)`, 45_000, 1, undefined],
    ]);
    expect(session.customer_email).toBe(email);
    expect(session.amount_subtotal).toBe(5_600 + 45_000);
    expect(order).toMatchObject({ subtotalPence: 5_600 + 45_000, discountCode: code, discountPence: 1_400 });
    expect(await linesOf(orderId)).toEqual([
      { title: `${original.title} (original painting)`, unit: 45_000, list: null },
      { title: print.title, unit: 2_800, list: 3_500 },
    ]);
  });

  it('the webhook accepts the discounted total; the order is the subscriber’s, and its emails show the discount', async () => {
    const { code, email } = await subscriber();
    const card = await variant('card', 450);
    const { orderId } = await openCheckout(
      deps,
      [{ kind: 'variant', variantId: card.id, quantity: 2 }],
      newVisitor(),
      code,
    );
    const checkoutId = (await orderOf(orderId)).checkoutId!;
    // The buyer typed no email: the session's is the subscriber's, which Stripe's page showed.
    await double.pay(checkoutId, buyer);
    const delivered = hook.received.at(-1)!;
    const answer = await handleStripeWebhook(
      new Request('http://127.0.0.1/api/stripe/webhook', {
        method: 'POST',
        body: delivered.body,
        headers: { 'stripe-signature': delivered.signature! },
      }),
      { database: async () => db, payments: () => payments, effects: gatheredEffects() },
    );
    expect(await answer.json()).toMatchObject({ outcome: 'applied' });
    const shipping = double.sessions.get(checkoutId)!.shipping_options[0]!.shipping_amount;
    expect(await orderOf(orderId)).toMatchObject({ status: 'paid', email, totalPence: 720 + shipping });

    const row = (await readOrder(db, orderId))!;
    expect(row).toMatchObject({ discountCode: code, discountPence: 180, subtotalPence: 720 });
    const mail = orderBuyerMail(row, { from: 'shop@example.com', siteUrl: 'http://127.0.0.1:3000' });
    expect(mail.to).toEqual([email]);
    expect(mail.text).toContain(`2 × ${card.title}: £7.20 (was £9.00)`);
    expect(mail.text).toContain(`Subscriber discount (${code}): \u2212£1.80\nSubtotal: £7.20`);
    expect(mail.html).toContain('<s>£9.00</s> £7.20');
    const owner = orderOwnerMail(row, {
      from: 'shop@example.com',
      to: ['owner@example.com'],
      siteUrl: 'http://x.test',
    });
    expect(owner.text).toContain(`Subscriber discount (${code}): \u2212£1.80`);

    // The thank-you page shows the lines and the discount; the code only with the checkout's secret.
    const secret = (await orderOf(orderId)).returnSecret!;
    expect(await readBuyerOrder(db, checkoutId, secret)).toMatchObject({
      discountCode: code,
      discountPence: 180,
      lines: [{ title: card.title, unitPence: 360, listUnitPence: 450, quantity: 2 }],
    });
    expect(await readBuyerOrder(db, checkoutId)).toMatchObject({ discountCode: null, discountPence: 180 });
  });

  it('a code that stopped since the basket took it refuses the checkout with its message, and nothing is taken or opened', async () => {
    const print = await variant('print', 3_500, 3);
    const cart: CartLine[] = [{ kind: 'variant', variantId: print.id, quantity: 1 }];
    const sessionsBefore = double.sessions.size;
    const ordersBefore = await countOrders();
    const refusal = (code: string) =>
      openCheckout(deps, cart, newVisitor(), code).then(
        () => null,
        (error: unknown) => (error instanceof DiscountCodeRefusal ? [error.reason, error.message] : error),
      );

    const unsubscribed = await subscriber();
    await asSystem(db, 'test-setup', (sys) =>
      sys.update(subscribers).set({ status: 'unsubscribed' }).where(eq(subscribers.email, unsubscribed.email)),
    );
    expect(await refusal(unsubscribed.code)).toEqual(['inactive', 'That code is no longer active.']);
    expect(await refusal((await subscriber('pending')).code)).toEqual(['inactive', 'That code is no longer active.']);
    expect(await refusal('PRINTS-NOBODY')).toEqual([
      'unknown',
      "We don't recognise that code. Please check it and try again.",
    ]);
    const working = await subscriber();
    await settings({ on: false, percent: 20, kinds: ['print'] });
    expect(await refusal(working.code)).toEqual(['inactive', 'That code is no longer active.']);

    expect(await countOrders()).toBe(ordersBefore);
    expect(double.sessions.size).toBe(sessionsBefore);
    expect(await stockOf(print.id)).toBe(3);
  });

  it('without a code nothing changes: list prices, no discount recorded, the buyer gives their own email', async () => {
    const print = await variant('print', 3_500);
    const { orderId } = await openCheckout(deps, [{ kind: 'variant', variantId: print.id, quantity: 1 }], newVisitor());
    const order = await orderOf(orderId);
    const session = double.sessions.get(order.checkoutId!)!;
    expect(session.line_items.map((item) => [item.unit_amount, item.description])).toEqual([[3_500, undefined]]);
    expect(session.customer_email).toBeNull();
    expect(order).toMatchObject({ subtotalPence: 3_500, discountCode: null, discountPence: 0 });
    expect(await linesOf(orderId)).toEqual([{ title: print.title, unit: 3_500, list: null }]);
    await double.pay(order.checkoutId!, buyer);
    expect(double.sessions.get(order.checkoutId!)!.customer_details).toMatchObject({ email: buyer.email });
  });
});
