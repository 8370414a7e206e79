import Stripe from 'stripe';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { artworks, mailOutbox, orders, originalHolds, originalsSold, siteSettings } from '@/lib/db/schema';
import type { Payments } from '@/lib/payments/port';
import { createStripePayments } from '@/lib/payments/stripe-adapter';
import { createTestDatabase } from '@/tests/support/db';
import { startStripeDouble, type StripeDouble } from '@/tests/support/stripe-double';
import { newVisitor } from '@/tests/support/visitors';
import { catchUpCheckouts } from './catch-up';
import { HOLD_GRACE_MS, openCheckout, ShopRefusal } from './checkout';
import { cancelCheckout, settleOnReturn } from './order-status';
import { gatheredEffects, settleOrder } from './settle';

// A model-based check of the shop's money (docs/product.md, The money is never wrong): two buyers
// after one original, each following a script of what a buyer, Stripe and time can do, and every
// interleaving of the two scripts run against the shop's real code (on PGlite) and the Stripe
// double. Webhook events are handed to the site only at a script's `deliver` (or at the end): until
// then they are late. At the end everything still pending arrives, open checkouts run out and the
// catch-up job runs; then at most one order is paid for the original, every other payment is
// refunded in full, and no hold is left. After every step, never two paid orders.

type Step =
  | 'open' // the buyer opens a checkout for the original
  | 'pay' // pays by card on Stripe's page
  | 'debit' // pays by Bacs Direct Debit: complete, the payment settles days later
  | 'succeed' // that debit succeeds
  | 'fail' // that debit fails
  | 'expire' // time passes beyond the checkout's hold (Stripe expires it if it is still open)
  | 'cancel' // the browser opens the cancel address (the back button, paid or not)
  | 'back' // the browser opens the way back (success URL)
  | 'deliver' // Stripe's webhook events about this buyer so far reach the site
  | 'replay' // the last event delivered is delivered again
  | 'catchup'; // the catch-up job runs

const SCRIPTS: Record<string, Step[]> = {
  'card, back before the webhook': ['open', 'pay', 'back'],
  'card, webhook replayed': ['open', 'pay', 'deliver', 'replay'],
  'card, webhook lost, the job': ['open', 'pay', 'catchup'],
  'debit, back button, succeeds': ['open', 'debit', 'cancel', 'succeed'],
  'debit past its hour, the job, fails': ['open', 'debit', 'expire', 'catchup', 'fail'],
  'debit, events late past its hour, succeeds': ['open', 'debit', 'expire', 'succeed'],
  cancelled: ['open', 'cancel'],
  'runs out': ['open', 'expire', 'deliver'],
};

const SITE_STEPS = new Set<Step>(['cancel', 'back', 'deliver', 'replay', 'catchup']);

/** Every way of merging two sequences, each kept in its own order: which buyer moves at each step. */
function interleavings(a: number, b: number): (0 | 1)[][] {
  if (a === 0) return [Array<1>(b).fill(1)];
  if (b === 0) return [Array<0>(a).fill(0)];
  return [
    ...interleavings(a - 1, b).map((rest) => [0 as const, ...rest]),
    ...interleavings(a, b - 1).map((rest) => [1 as const, ...rest]),
  ];
}

const names = Object.keys(SCRIPTS);
const pairs = names.flatMap((a, i) => names.slice(i).map((b) => [a, b] as const));
const runs = pairs.flatMap(([a, b]) =>
  interleavings(SCRIPTS[a]!.length, SCRIPTS[b]!.length).map((order) => ({ scripts: [a, b] as const, order })),
);

const buyers = [
  {
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    line1: '1 Crescent Road',
    city: 'London',
    postalCode: 'SE19 1AA',
    country: 'GB',
  },
  {
    email: 'grace@example.com',
    name: 'Grace Hopper',
    line1: '2 Crescent Road',
    city: 'London',
    postalCode: 'SE19 1AB',
    country: 'GB',
  },
];
const MINUTE = 60_000;

describe('two buyers, one original: every interleaving', () => {
  let db: Database;
  let double: StripeDouble;
  let payments: Payments;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    double = await startStripeDouble();
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
    await db?.close();
  });

  it(
    `holds in all ${runs.length} interleavings of ${names.length} scripts (${pairs.length} pairs)`,
    { timeout: 15 * 60_000 },
    async () => {
      let ordersChecked = 0;
      let paidOrders = 0;
      let refundedOrders = 0;
      for (const [r, run] of runs.entries()) {
        const result = await play(r, run.scripts, run.order);
        ordersChecked += result.orders;
        paidOrders += result.paid;
        refundedOrders += result.refunded;
      }
      console.info(
        `interleavings: ${runs.length} runs, ${ordersChecked} orders checked (${paidOrders} paid, ${refundedOrders} refunded by the site)`,
      );
      expect(ordersChecked).toBeGreaterThan(runs.length);
      // Both outcomes the model is there to reach are reached: sales, and second payments refunded.
      expect(paidOrders).toBeGreaterThan(0);
      expect(refundedOrders).toBeGreaterThan(0);
    },
  );

  async function play(r: number, scripts: readonly [string, string], order: (0 | 1)[]) {
    const context = `run ${r}: ${scripts[0]} / ${scripts[1]}, order ${order.join('')}`;
    const [art] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(artworks)
        .values({
          title: `Model ${r}`,
          slug: `model-${r}`,
          category: 'Landscapes',
          price: '£350',
          imageAlt: 'A watercolour',
        })
        .returning({ id: artworks.id }),
    );
    const artworkId = art!.id;
    const start = Date.now();
    let clock = start;
    const effects = gatheredEffects();
    const deps = { db, payments, effects };
    const state = [0, 1].map(() => ({
      orderId: null as string | null,
      checkoutId: null as string | null,
      secret: null as string | null,
      holdEnds: 0,
      events: [] as string[],
      delivered: [] as string[],
    }));
    const cursor = [0, 0];
    /** Events the double made since the last look, filed under the buyer whose session they are about. */
    let seen = double.events.length;
    const file = () => {
      for (; seen < double.events.length; seen++) {
        const event = double.events[seen]!;
        const object = (JSON.parse(event.body) as { data: { object: { id?: string; payment_intent?: string } } }).data
          .object;
        const owner = state.findIndex(
          (s) =>
            s.checkoutId &&
            (object.id === s.checkoutId ||
              (object.payment_intent && double.sessions.get(s.checkoutId)?.payment_intent === object.payment_intent)),
        );
        if (owner >= 0) state[owner]!.events.push(event.id);
      }
    };
    const deliverEvent = async (id: string) => {
      const { body } = double.events.find((e) => e.id === id)!;
      const event = await payments.readWebhook(
        body,
        Stripe.webhooks.generateTestHeaderString({ payload: body, secret: double.webhookSecret }),
      );
      await settleOrder(deps, { event });
    };
    const deliverAll = async (b: number) => {
      file();
      const s = state[b]!;
      while (s.delivered.length < s.events.length) {
        const id = s.events[s.delivered.length]!;
        s.delivered.push(id);
        await deliverEvent(id);
        file();
      }
    };
    const session = (b: number) => (state[b]!.checkoutId ? double.sessions.get(state[b]!.checkoutId!) : undefined);

    async function step(b: number, what: Step) {
      const s = state[b]!;
      const own = session(b);
      switch (what) {
        case 'open':
          try {
            const opened = await openCheckout(
              { db, payments, siteUrl: 'http://127.0.0.1:3000', now: () => new Date(clock) },
              [{ kind: 'original', artworkId }],
              newVisitor(),
            );
            const [row] = await asSystem(db, 'test-setup', (sys) =>
              sys
                .select({
                  checkoutId: orders.checkoutId,
                  secret: orders.returnSecret,
                  expires: orders.checkoutExpiresAt,
                })
                .from(orders)
                .where(eq(orders.id, opened.orderId)),
            );
            Object.assign(s, {
              orderId: opened.orderId,
              checkoutId: row!.checkoutId,
              secret: row!.secret,
              holdEnds: row!.expires.getTime() + HOLD_GRACE_MS,
            });
          } catch (error) {
            if (!(error instanceof ShopRefusal)) throw error;
          }
          break;
        case 'pay':
        case 'debit':
          if (own?.status === 'open') await double.pay(own.id, buyers[b]!, { delayed: what === 'debit' });
          break;
        case 'succeed':
        case 'fail':
          if (own?.status === 'complete' && own.payment_status === 'unpaid' && !own.settled) {
            own.settled = true;
            await double.settle(own.id, what === 'succeed' ? 'succeeded' : 'failed');
          }
          break;
        case 'expire':
          if (own) {
            clock = Math.max(clock, s.holdEnds + MINUTE);
            if (own.status === 'open') await double.runOut(own.id);
          }
          break;
        case 'cancel':
          if (s.orderId) await cancelCheckout(deps, s.orderId, s.secret);
          break;
        case 'back':
          if (s.checkoutId) await settleOnReturn(deps, s.checkoutId);
          break;
        case 'deliver':
          await deliverAll(b);
          break;
        case 'replay':
          if (s.delivered.length) await deliverEvent(s.delivered.at(-1)!);
          break;
        case 'catchup':
          await catchUpCheckouts(db, payments, new Date(clock + 3 * MINUTE));
          break;
      }
      file();
    }

    const paidNow = async () => (await ordersOf()).filter((o) => o.status === 'paid' || o.status === 'shipped').length;
    const ordersOf = async () => {
      const ids = state.flatMap((s) => (s.orderId ? [s.orderId] : []));
      return ids.length
        ? asSystem(db, 'test-setup', (sys) => sys.select().from(orders).where(inArray(orders.id, ids)))
        : [];
    };

    for (const b of order) {
      const what = SCRIPTS[scripts[b]!]![cursor[b]!]!;
      await step(b, what);
      cursor[b]!++;
      // Only what reaches the site can pay an order (Stripe-side steps and the clock cannot).
      if (SITE_STEPS.has(what))
        expect(await paidNow(), `${context}: two paid orders after step ${cursor.join('/')}`).toBeLessThanOrEqual(1);
    }

    // The end: every late event arrives, checkouts still open run out, debits still settling
    // succeed, and the job runs (for refunds Stripe could not make at once).
    for (const b of [0, 1]) {
      const own = session(b);
      if (own?.status === 'open') await double.runOut(own.id);
      if (own?.status === 'complete' && own.payment_status === 'unpaid' && !own.settled) {
        own.settled = true;
        await double.settle(own.id, 'succeeded');
      }
      file();
    }
    for (const b of [0, 1]) await deliverAll(b);
    await catchUpCheckouts(db, payments, new Date(clock + 3 * MINUTE));
    for (const b of [0, 1]) await deliverAll(b);

    const all = await ordersOf();
    const paid = all.filter((o) => o.status === 'paid');
    expect(paid.length, `${context}: paid orders`).toBeLessThanOrEqual(1);
    const sold = await asSystem(db, 'test-setup', (sys) =>
      sys.select().from(originalsSold).where(eq(originalsSold.artworkId, artworkId)),
    );
    expect(
      sold.map((row) => row.orderId),
      `${context}: sold to`,
    ).toEqual(paid.map((o) => o.id));
    const holds = await asSystem(db, 'test-setup', (sys) =>
      sys.select().from(originalHolds).where(eq(originalHolds.artworkId, artworkId)),
    );
    expect(holds, `${context}: holds left`).toEqual([]);
    let refunded = 0;
    for (const [b, s] of state.entries()) {
      const own = session(b);
      const o = all.find((row) => row.id === s.orderId);
      if (!own || !o) continue;
      const intent = own.payment_intent;
      const took = own.payment_status === 'paid';
      const back = double.refunds
        .filter((refund) => refund.payment_intent === intent)
        .reduce((sum, refund) => sum + refund.amount, 0);
      if (!took) {
        expect(o.status, `${context}: buyer ${b} never paid`).toBe('expired');
        continue;
      }
      if (o.status === 'paid') {
        expect(back, `${context}: the paid order was refunded`).toBe(0);
        expect((await mails(o.id)).sort(), `${context}: the paid order's emails`).toEqual([
          'order-buyer',
          'order-owner',
        ]);
      } else {
        refunded++;
        expect(o.status, `${context}: buyer ${b} paid and is neither the sale nor refunded`).toBe('refunded');
        expect(back, `${context}: buyer ${b} refunded in full`).toBe(own.amount_total);
        expect(o.refundedPence, `${context}: the refund recorded`).toBe(own.amount_total);
        expect((await mails(o.id)).sort(), `${context}: the refund's emails`).toEqual([
          'order-refunded-buyer',
          'order-refunded-owner',
        ]);
      }
    }
    return { orders: all.length, paid: paid.length, refunded };
  }

  const mails = async (orderId: string) =>
    (
      await asSystem(db, 'test-setup', (sys) =>
        sys.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.messageId, orderId)),
      )
    ).map((row) => row.kind);
});
