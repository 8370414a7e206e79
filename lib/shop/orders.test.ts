import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { artworks, mailOutbox, orders, products, productVariants, siteSettings } from '@/lib/db/schema';
import { createSmtpMailer } from '@/lib/mail/smtp-adapter';
import type { Payments } from '@/lib/payments/port';
import { createStripePayments } from '@/lib/payments/stripe-adapter';
import { createTestDatabase, drivers, testAccount } from '@/tests/support/db';
import { startSmtp, type SmtpDouble } from '@/tests/support/smtp';
import {
  startStripeDouble,
  startWebhookReceiver,
  type StripeDouble,
  type WebhookReceiver,
} from '@/tests/support/stripe-double';
import { newVisitor } from '@/tests/support/visitors';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
});

const { deliverOutbox } = await import('@/lib/mail/outbox');
const { orderLetters } = await import('./order-letters');
const { openCheckout } = await import('./checkout');
const { applyPaymentEvent } = await import('./payment-events');
const { countToShip, listOrders, markShipped, orderCounts, orderMessages, orderNumber, ordersCsv, readOrder } =
  await import('./orders');

// Orders and their emails (docs/product.md, Orders) on both databases: a paid
// checkout through the Stripe double queues the owner's and the buyer's emails with the payment,
// once; the outbox delivers them to a real SMTP server once each; marking an order shipped queues
// the buyer's "shipped" email with the change, and only a paid order can be.

const SITE = 'https://elenamarsh.example';
const buyer = {
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  line1: '1 Crescent Road',
  city: 'London',
  postalCode: 'SE19 1AA',
  country: 'GB',
};

describe.each(drivers)('orders and their emails (%s)', (driver) => {
  let db: Database;
  let double: StripeDouble;
  let payments: Payments;
  let hook: WebhookReceiver;
  let smtp: SmtpDouble;
  let n = 0;
  const settings = (extra: { notifyEmail?: string } = {}) => ({
    mailer: createSmtpMailer(smtp.url),
    from: 'Elena Marsh site <site@elenamarsh.example>',
    siteUrl: SITE,
    ...extra,
  });

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    smtp = await startSmtp();
    hook = await startWebhookReceiver();
    double = await startStripeDouble({ webhookUrl: hook.url });
    payments = createStripePayments({
      secretKey: double.secretKey,
      webhookSecret: double.webhookSecret,
      apiUrl: double.url,
    });
    await testAccount(db, 'owner@elenamarsh.example', { admin: true });
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
    await smtp?.close();
    await db?.close();
  });
  beforeEach(async () => {
    smtp.received.length = 0;
    smtp.state.refuse = false;
    // Every order (and, by cascade, its lines and emails) from the tests before.
    await asSystem(db, 'test-setup', (sys) => sys.execute(sql`truncate app_private.orders cascade`));
  });

  const outboxOf = (orderId: string) =>
    asSystem(db, 'test-setup', (sys) =>
      sys.select().from(mailOutbox).where(eq(mailOutbox.messageId, orderId)).orderBy(mailOutbox.kind),
    );
  const lastEvent = () => payments.readWebhook(hook.received.at(-1)!.body, hook.received.at(-1)!.signature);

  /** A pending order: two cards at £4.50 and an original at £120, not paid yet. */
  async function pendingOrder() {
    const [product] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(products)
        .values({ kind: 'card', title: `Heron card ${++n}` })
        .returning(),
    );
    const [variant] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(productVariants)
        .values({ productId: product!.id, label: 'Single', pricePence: 450, stock: 10 })
        .returning(),
    );
    const [painting] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(artworks)
        .values({
          title: `Herne Hill Rooftops ${n}`,
          slug: `herne-hill-rooftops-${n}`,
          category: 'Buildings',
          price: '£120',
        })
        .returning(),
    );
    const { orderId } = await openCheckout(
      { db, payments, siteUrl: 'http://127.0.0.1:3000' },
      [
        { kind: 'variant', variantId: variant!.id, quantity: 2 },
        { kind: 'original', artworkId: painting!.id },
      ],
      newVisitor(),
    );
    return { orderId, card: `${product!.title}, Single`, painting: painting!.title };
  }
  /** The same, paid through the double (UK delivery of a large parcel: £15). */
  async function paidOrder() {
    const pending = await pendingOrder();
    const [order] = await asSystem(db, 'test-setup', (sys) =>
      sys.select().from(orders).where(eq(orders.id, pending.orderId)),
    );
    await double.pay(order!.checkoutId!, buyer);
    const event = await lastEvent();
    expect(await applyPaymentEvent(db, event)).toMatchObject({ outcome: 'applied', orderId: pending.orderId });
    return { ...pending, event };
  }
  const byRecipient = (address: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(address));

  it('a paid event queues exactly two emails, to the owner and to the buyer; the event replayed queues none', async () => {
    const { orderId, event } = await paidOrder();
    const queued = await outboxOf(orderId);
    expect(queued.map((row) => [row.kind, row.sentAt, row.attempts])).toEqual([
      ['order-buyer', null, 0],
      ['order-owner', null, 0],
    ]);
    expect(await applyPaymentEvent(db, event)).toMatchObject({ outcome: 'duplicate' });
    expect(await outboxOf(orderId)).toEqual(queued);
    // An event not paid queues nothing.
    const unpaid = await pendingOrder();
    expect(await outboxOf(unpaid.orderId)).toEqual([]);
  });

  it('delivers them once each: the owner (the admins) gets the lines, buyer, address, total and the admin link; the buyer the thank-you', async () => {
    const { orderId, card, painting } = await paidOrder();
    expect(await deliverOutbox(db, orderLetters, { settings: settings() })).toEqual({ sent: 2, failed: 0 });
    expect(await deliverOutbox(db, orderLetters, { settings: settings() })).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(2);
    const number = orderNumber(orderId);

    const [owner] = byRecipient('owner@elenamarsh.example');
    expect(owner!.envelopeTo).toEqual(['owner@elenamarsh.example']);
    expect(owner!.parsed.subject).toBe(`New order ${number}: £144.00 from Ada Lovelace`);
    expect(owner!.parsed.replyTo?.value).toEqual([{ name: 'Ada Lovelace', address: 'ada@example.com' }]);
    const ownerText = owner!.parsed.text!;
    expect(ownerText).toContain(`2 × ${card}: £9.00`);
    expect(ownerText).toContain(`1 × ${painting} (original painting): £120.00`);
    expect(ownerText).toContain('Delivery: £15.00');
    expect(ownerText).toContain('Total: £144.00');
    expect(ownerText).toContain('Buyer: Ada Lovelace <ada@example.com>');
    expect(ownerText).toContain('1 Crescent Road');
    expect(ownerText).toContain('London, SE19 1AA');
    expect(ownerText).toContain('United Kingdom');
    expect(ownerText).toContain(`${SITE}/admin/orders/${orderId}`);
    expect(owner!.parsed.html).toContain(`href="${SITE}/admin/orders/${orderId}"`);

    const [toBuyer] = byRecipient('ada@example.com');
    expect(toBuyer!.envelopeTo).toEqual(['ada@example.com']);
    expect(toBuyer!.parsed.subject).toBe(`Thank you for your order (${number})`);
    expect(toBuyer!.parsed.replyTo?.value).toEqual([{ name: 'Elena Marsh', address: 'owner@elenamarsh.example' }]);
    const buyerText = toBuyer!.parsed.text!;
    expect(buyerText).toContain('Dear Ada Lovelace,');
    expect(buyerText).toContain(`2 × ${card}: £9.00`);
    expect(buyerText).toContain('Total: £144.00');
    expect(buyerText).toContain('1 Crescent Road');
    expect(buyerText).toContain('Elena Marsh will email you again when it ships.');
    // Different emails, different Message-IDs.
    expect(owner!.parsed.messageId).not.toBe(toBuyer!.parsed.messageId);
    expect(owner!.parsed.messageId).toBe(`<order-owner.${orderId}@elenamarsh.example>`);
    expect((await outboxOf(orderId)).every((row) => row.sentAt !== null)).toBe(true);
  });

  it('NOTIFY_EMAIL is the owner; without outgoing email they stay queued, and go once it is set up; a failure is retried, not resent', async () => {
    const { orderId } = await paidOrder();
    expect(await deliverOutbox(db, orderLetters, { settings: null })).toEqual({ sent: 0, failed: 0 });
    expect((await outboxOf(orderId)).map((row) => [row.attempts, row.sentAt])).toEqual([
      [0, null],
      [0, null],
    ]);
    smtp.state.refuse = true;
    const start = Date.now();
    expect(
      await deliverOutbox(db, orderLetters, {
        settings: settings({ notifyEmail: 'studio@elenamarsh.example' }),
        now: () => new Date(start),
      }),
    ).toEqual({ sent: 0, failed: 2 });
    smtp.state.refuse = false;
    const later = () => new Date(start + 10 * 60_000);
    const runs = await Promise.all(
      [1, 2, 3].map(() =>
        deliverOutbox(db, orderLetters, {
          settings: settings({ notifyEmail: 'studio@elenamarsh.example' }),
          now: later,
        }),
      ),
    );
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(2);
    expect(smtp.received.map((mail) => mail.envelopeTo).sort()).toEqual([
      ['ada@example.com'],
      ['studio@elenamarsh.example'],
    ]);
  });

  it('mark as shipped queues one email to the buyer with the carrier and tracking number; sent once', async () => {
    const { orderId, card } = await paidOrder();
    await deliverOutbox(db, orderLetters, { settings: settings() });
    smtp.received.length = 0;
    const when = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);
    expect(await markShipped(db, orderId, { carrier: '  Royal Mail ', tracking: 'RM123456789GB' }, when)).toEqual({
      orderId,
      email: 'ada@example.com',
    });
    expect(await readOrder(db, orderId)).toMatchObject({
      status: 'shipped',
      shippedAt: when,
      carrier: 'Royal Mail',
      tracking: 'RM123456789GB',
    });
    const queued = await outboxOf(orderId);
    expect(queued.filter((row) => row.sentAt === null).map((row) => row.kind)).toEqual(['order-shipped']);
    expect(await deliverOutbox(db, orderLetters, { settings: settings() })).toEqual({ sent: 1, failed: 0 });
    expect(await deliverOutbox(db, orderLetters, { settings: settings() })).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const [shipped] = smtp.received;
    expect(shipped!.envelopeTo).toEqual(['ada@example.com']);
    expect(shipped!.parsed.subject).toBe(`Your order has shipped (${orderNumber(orderId)})`);
    expect(shipped!.parsed.text).toContain('Carrier: Royal Mail');
    expect(shipped!.parsed.text).toContain('Tracking number: RM123456789GB');
    expect(shipped!.parsed.text).toContain(`2 × ${card}`);
  });

  it('refuses to ship an order already shipped, refunded or not paid, or without a carrier, and changes nothing', async () => {
    const shipped = await paidOrder();
    await markShipped(db, shipped.orderId, { carrier: 'Royal Mail' });
    const refunded = await paidOrder();
    const paymentId = (await readOrderRow(refunded.orderId)).paymentId!;
    await double.refund(paymentId);
    await applyPaymentEvent(db, await lastEvent());
    const pending = await pendingOrder();
    const paid = await paidOrder();

    const cases = [
      [shipped.orderId, { carrier: 'DPD', tracking: 'X' }, orderMessages.shipped],
      [refunded.orderId, { carrier: 'DPD' }, orderMessages.refunded],
      [pending.orderId, { carrier: 'DPD' }, orderMessages.unpaid],
      [crypto.randomUUID(), { carrier: 'DPD' }, orderMessages.gone],
      [paid.orderId, { carrier: '   ' }, 'Say which carrier it went with.'],
      [paid.orderId, { carrier: 'x'.repeat(81) }, 'The carrier is at most 80 characters.'],
      [paid.orderId, { carrier: 'DPD', tracking: 'x'.repeat(121) }, 'The tracking number is at most 120 characters.'],
    ] as const;
    for (const [orderId, shipment, message] of cases) {
      const before = await asSystem(db, 'test-setup', (sys) => sys.select().from(orders).where(eq(orders.id, orderId)));
      const outboxBefore = await outboxOf(orderId);
      await expect(markShipped(db, orderId, shipment)).rejects.toThrow(message);
      expect(
        await asSystem(db, 'test-setup', (sys) => sys.select().from(orders).where(eq(orders.id, orderId))),
      ).toEqual(before);
      expect(await outboxOf(orderId)).toEqual(outboxBefore);
    }
    expect((await readOrderRow(shipped.orderId)).carrier).toBe('Royal Mail');
    const shippedEmails = await asSystem(db, 'test-setup', (sys) =>
      sys.select().from(mailOutbox).where(eq(mailOutbox.kind, 'order-shipped')),
    );
    expect(shippedEmails.map((row) => row.messageId)).toEqual([shipped.orderId]);
    // The limits themselves are accepted.
    await markShipped(db, paid.orderId, { carrier: 'x'.repeat(80), tracking: 'y'.repeat(120) });
    expect((await readOrderRow(paid.orderId)).status).toBe('shipped');
  });

  const readOrderRow = async (id: string) =>
    (await asSystem(db, 'test-setup', (sys) => sys.select().from(orders).where(eq(orders.id, id))))[0]!;

  it('countToShip counts paid orders not shipped; the lists show paid, shipped and refunded orders, never unpaid ones', async () => {
    expect(await countToShip(db)).toBe(0);
    const first = await paidOrder();
    const second = await paidOrder();
    const pending = await pendingOrder();
    expect(await countToShip(db)).toBe(2);
    // A part refund leaves it to ship.
    await double.refund((await readOrderRow(second.orderId)).paymentId!, 500);
    await applyPaymentEvent(db, await lastEvent());
    expect(await countToShip(db)).toBe(2);
    await markShipped(db, first.orderId, { carrier: 'Royal Mail' });
    expect(await countToShip(db)).toBe(1);
    const third = await paidOrder();
    await double.refund((await readOrderRow(third.orderId)).paymentId!);
    await applyPaymentEvent(db, await lastEvent());
    expect(await countToShip(db)).toBe(1);

    expect((await listOrders(db, 'to-ship')).map((o) => o.id)).toEqual([second.orderId]);
    expect((await listOrders(db, 'shipped')).map((o) => o.id)).toEqual([first.orderId]);
    expect((await listOrders(db, 'refunded')).map((o) => o.id)).toEqual([third.orderId]);
    const all = await listOrders(db, 'all');
    expect(all.map((o) => o.id).sort()).toEqual([first.orderId, second.orderId, third.orderId].sort());
    expect(all.map((o) => o.id)).not.toContain(pending.orderId);
    expect(all.find((o) => o.id === second.orderId)).toMatchObject({
      refundedPence: 500,
      totalPence: 14_400,
      lines: [
        { original: true, quantity: 1 },
        { original: false, quantity: 2, unitPence: 450 },
      ],
    });
    expect(await orderCounts(db)).toEqual({ 'to-ship': 1, shipped: 1, refunded: 1, all: 3 });
    // The detail reads any order, an unpaid one too.
    expect(await readOrder(db, pending.orderId)).toMatchObject({ status: 'pending' });
    expect(await readOrder(db, crypto.randomUUID())).toBeNull();
  });

  it('the CSV has its columns, amounts in pounds, and what the buyer typed cannot run as a formula or break a field', async () => {
    const { orderId, card, painting } = await paidOrder();
    await asSystem(db, 'test-setup', (sys) =>
      sys
        .update(orders)
        .set({
          name: '=HYPERLINK("http://evil.example","Click")',
          shippingAddress: {
            name: '@SUM(A1)',
            line1: '1 "Quoted", Road',
            line2: '-2+3',
            city: 'London',
            postalCode: 'SE19 1AA',
            state: null,
            country: 'GB',
          },
        })
        .where(eq(orders.id, orderId)),
    );
    await markShipped(db, orderId, { carrier: '+Royal Mail', tracking: 'RM1' });
    const csv = ordersCsv(await listOrders(db, 'all'));
    const [header, row, end] = csv.split('\r\n');
    expect(header).toBe(
      '"order_id","date","status","buyer_name","email","address","items","subtotal","shipping","total","refunded","carrier","tracking","discount_code","discount"',
    );
    expect(end).toBe('');
    expect(row).toContain(`"${orderId}"`);
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(row).toContain(`"'@SUM(A1), 1 ""Quoted"", Road, -2+3, London, SE19 1AA, United Kingdom"`);
    expect(row).toContain(`"1 × ${painting} (original painting); 2 × ${card}"`);
    expect(row).toContain('"129.00","15.00","144.00","0.00","\'+Royal Mail","RM1","","0.00"');
    expect(row).toContain('"shipped"');
  });
});
