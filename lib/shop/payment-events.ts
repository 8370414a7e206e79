import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Tx } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import {
  artworks,
  logsApp,
  orderLines,
  orders,
  originalHolds,
  originalsSold,
  paymentEvents,
  paymentRefunds,
  productVariants,
  strayPayments,
} from '@/lib/db/schema';
import { securityEventRow } from '@/lib/log/security-event-rows';
import { enqueueMail, type MailKind } from '@/lib/mail/outbox';
import type { Checkout, PaymentEvent } from '@/lib/payments/port';

/**
 * What the shop's orders become as their checkouts move, in one transaction per news: a paid
 * checkout pays its order, a complete one still settling (a bank debit) keeps what it holds, a
 * failed or expired one gives it back, a refund is recorded. Pure database work: the provider
 * calls and the pages' cache are lib/shop/settle.ts's.
 *
 * A checkout pays an order only when it is that order's own checkout (its id the order's
 * checkoutId), in GBP, for at least what the order quoted. Anything else that took money is a
 * stray payment: kept for the owner, never applied.
 */

/** What applying a piece of news changed, and what is left to do outside the transaction. */
export type Applied = {
  outcome: 'applied' | 'duplicate' | 'ignored' | 'stray';
  orderId?: string;
  /** Originals sold by it (their pages now say Sold). */
  soldArtworks: string[];
  /** Whether what the shop shows changed: a hold taken or given back, a sale. */
  changed: boolean;
  /** Emails were queued. */
  mail: boolean;
  /** Orders whose payment must be given back in full (a second payment for an original already sold). */
  refundDue: string[];
  /** Other buyers' open checkouts for originals now sold: closed at the provider. */
  closeCheckouts: string[];
};

/** An outcome that changed nothing. */
export const nothing = (outcome: Applied['outcome'], orderId?: string): Applied => ({
  outcome,
  orderId,
  soldArtworks: [],
  changed: false,
  mail: false,
  refundDue: [],
  closeCheckouts: [],
});

/** The emails an order's payment queues: to the owner, and to the buyer. */
export const ORDER_PAID_EMAILS: readonly MailKind[] = ['order-owner', 'order-buyer'];
/** The emails of a refund the site makes itself: to the buyer, and to the owner. */
export const ORDER_REFUNDED_EMAILS: readonly MailKind[] = ['order-refunded-buyer', 'order-refunded-owner'];

/** Stripe's values are the buyer's: stored within the columns' limits (the whole value stays in the event). */
export const BUYER_LIMITS = { email: 254, name: 200 } as const;
const clip = (value: string | null, max: number) => (value === null ? null : [...value].slice(0, max).join(''));

export type CheckoutNewsKind = 'completed' | 'async-succeeded' | 'async-failed' | 'expired' | 'read';

/**
 * Applies one verified webhook event, once: its id is recorded in the same transaction as what it
 * changes, so a redelivered event (Stripe resends until answered, and may send one twice) changes
 * nothing.
 */
export async function applyPaymentEvent(db: Database, event: PaymentEvent): Promise<Applied> {
  if (event.kind === 'other') return nothing('ignored');
  return asSystem(db, 'shop', (sys) =>
    sys.transaction(async (tx): Promise<Applied> => {
      const [first] = await tx
        .insert(paymentEvents)
        .values({ id: event.id, type: event.kind })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (!first) return nothing('duplicate');
      const applied =
        event.kind === 'refunded'
          ? await applyRefund(tx, event.paymentId, event.amountRefunded, event.fully)
          : await applyCheckoutIn(tx, event.checkout, NEWS_OF[event.kind], event.id);
      if (applied.orderId)
        await tx.update(paymentEvents).set({ orderId: applied.orderId }).where(eq(paymentEvents.id, event.id));
      return applied;
    }),
  );
}

const NEWS_OF = {
  'checkout-completed': 'completed',
  'checkout-async-succeeded': 'async-succeeded',
  'checkout-async-failed': 'async-failed',
  'checkout-expired': 'expired',
} as const;

/** A checkout as the provider answered it just now (the way back, the cancel address, the catch-up job). */
export function applyCheckoutState(db: Database, checkout: Checkout): Promise<Applied> {
  return asSystem(db, 'shop', (sys) => sys.transaction((tx) => applyCheckoutIn(tx, checkout, 'read')));
}

type OrderForUpdate = {
  id: string;
  status: (typeof orders.$inferSelect)['status'];
  checkoutId: string | null;
  subtotalPence: number;
};

/** The order this checkout is for: the one whose checkoutId it is (or, were the process stopped before the id was saved, the one its metadata names that has none). */
async function orderOf(tx: Tx, checkout: Checkout): Promise<OrderForUpdate | null> {
  const columns = {
    id: orders.id,
    status: orders.status,
    checkoutId: orders.checkoutId,
    subtotalPence: orders.subtotalPence,
  };
  const [own] = await tx.select(columns).from(orders).where(eq(orders.checkoutId, checkout.id)).for('update');
  if (own) return own;
  const reference = z.uuid().safeParse(checkout.reference);
  if (!reference.success) return null;
  const [unsaved] = await tx
    .select(columns)
    .from(orders)
    .where(and(eq(orders.id, reference.data), isNull(orders.checkoutId)))
    .for('update');
  if (!unsaved) return null;
  await tx.update(orders).set({ checkoutId: checkout.id }).where(eq(orders.id, unsaved.id));
  return { ...unsaved, checkoutId: checkout.id };
}

/** The shop's order a checkout that is not its own names (in its metadata or its client_reference_id), if any. */
async function namedOrder(tx: Tx, checkout: Checkout): Promise<string | null> {
  const ids = [checkout.reference, checkout.clientReference].filter(
    (value) => z.uuid().safeParse(value).success,
  ) as string[];
  if (ids.length === 0) return null;
  const [order] = await tx.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids)).limit(1);
  return order?.id ?? null;
}

/** Why a complete checkout cannot pay its order, or null when it can. */
function mismatch(order: OrderForUpdate | null, checkout: Checkout): string | null {
  if (!order)
    return 'It names an order but is not that order’s checkout (a Payment Link or another session on the Stripe account).';
  if (checkout.currency?.toLowerCase() !== 'gbp')
    return `It was paid in ${checkout.currency?.toUpperCase() ?? 'an unknown currency'}, not GBP.`;
  const quoted = order.subtotalPence + (checkout.shippingAmount ?? 0);
  if (checkout.amountTotal === null || checkout.amountTotal < quoted)
    return `It is for ${checkout.amountTotal ?? 0} pence; the order quoted ${quoted}.`;
  return null;
}

async function applyCheckoutIn(tx: Tx, checkout: Checkout, kind: CheckoutNewsKind, eventId?: string): Promise<Applied> {
  const order = await orderOf(tx, checkout);
  if (checkout.status === 'complete') {
    const wrong = mismatch(order, checkout);
    if (wrong) {
      const named = order?.id ?? (await namedOrder(tx, checkout));
      // A sale of another integration on the same account, naming none of the shop's orders: not the shop's business.
      if (!named) return nothing('ignored');
      return recordStray(tx, checkout, named, wrong, eventId);
    }
  }
  if (!order) return nothing('ignored');
  if (kind === 'async-failed' || (kind === 'read' && checkout.paymentFailed))
    return released(tx, order.id, ['pending', 'processing']);
  if (checkout.status === 'expired') return released(tx, order.id, ['pending']);
  if (checkout.status !== 'complete') return nothing('ignored', order.id);
  if (checkout.paid) return payOrder(tx, order, checkout);
  return awaitPayment(tx, order, checkout);
}

/** A payment that matches no order (or not its amount): kept for the owner, logged as a security event, never applied. */
async function recordStray(
  tx: Tx,
  checkout: Checkout,
  orderId: string | null,
  reason: string,
  eventId?: string,
): Promise<Applied> {
  const [kept] = await tx
    .insert(strayPayments)
    .values({
      checkoutId: checkout.id,
      paymentId: checkout.paymentId,
      orderId,
      amountPence: checkout.amountTotal,
      currency: checkout.currency,
      reason,
    })
    .onConflictDoNothing()
    .returning({ id: strayPayments.checkoutId });
  if (kept) {
    const meta = {
      checkoutId: checkout.id,
      paymentId: checkout.paymentId,
      orderId,
      reference: checkout.reference,
      amountPence: checkout.amountTotal,
      currency: checkout.currency,
      reason,
      eventId,
    };
    await tx.insert(logsApp).values(securityEventRow('strayPayment', { meta, feature: 'shop' }));
  }
  return nothing('stray', undefined);
}

/** Gives back what the order holds (its originals, its variants' stock) and marks it expired, when its status is one of `from`. */
async function released(tx: Tx, orderId: string, from: ('pending' | 'processing')[]): Promise<Applied> {
  const done = await releaseOrderIn(tx, orderId, from);
  return done ? { ...nothing('applied', orderId), changed: true } : nothing('duplicate', orderId);
}

/**
 * Gives back what an order holds and marks it expired; nothing for an order in no status of
 * `from` (by default only pending: a complete checkout still settling keeps what it holds).
 */
export async function releaseOrderIn(
  tx: Tx,
  orderId: string,
  from: ('pending' | 'processing')[] = ['pending'],
): Promise<boolean> {
  const [order] = await tx
    .update(orders)
    .set({ status: 'expired', updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, from)))
    .returning({ id: orders.id });
  if (!order) return false;
  await returnStock(tx, orderId);
  await tx.delete(originalHolds).where(eq(originalHolds.orderId, orderId));
  return true;
}

async function variantLines(tx: Tx, orderId: string) {
  return tx
    .select({ variantId: orderLines.variantId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.original, false)));
}

async function returnStock(tx: Tx, orderId: string): Promise<void> {
  for (const line of await variantLines(tx, orderId)) {
    if (line.variantId)
      await tx
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} + ${line.quantity}` })
        .where(and(eq(productVariants.id, line.variantId), sql`${productVariants.stock} is not null`));
  }
}

/** Stock given back when the order was released is taken again (never below zero): the buyer has paid, or may yet. */
async function retakeStock(tx: Tx, orderId: string): Promise<void> {
  for (const line of await variantLines(tx, orderId)) {
    if (line.variantId)
      await tx
        .update(productVariants)
        .set({ stock: sql`greatest(${productVariants.stock} - ${line.quantity}, 0)` })
        .where(eq(productVariants.id, line.variantId));
  }
}

async function originalsOf(tx: Tx, orderId: string): Promise<{ artworkId: string; title: string }[]> {
  const rows = await tx
    .select({ artworkId: orderLines.artworkId, title: orderLines.title })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.original, true)));
  return rows.flatMap((row) => (row.artworkId ? [{ artworkId: row.artworkId, title: row.title }] : []));
}

/** Who paid and where it goes, within the columns. */
function buyerOf(checkout: Checkout) {
  return {
    paymentId: checkout.paymentId,
    email: clip(checkout.email, BUYER_LIMITS.email),
    name: clip(checkout.customerName, BUYER_LIMITS.name),
    shippingAddress: checkout.shippingAddress,
    shippingPence: checkout.shippingAmount,
    totalPence: checkout.amountTotal,
  };
}

/**
 * Complete, with a payment still settling: the order keeps what it holds, with no end, until the
 * payment succeeds or fails. An order released meanwhile (its hold had lapsed) takes its stock
 * again and its originals back where no one else has them; one whose payment already failed stays released.
 */
async function awaitPayment(tx: Tx, order: OrderForUpdate, checkout: Checkout): Promise<Applied> {
  if (order.status === 'expired') {
    const [failed] = await tx
      .select({ id: paymentEvents.id })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.orderId, order.id), eq(paymentEvents.type, 'checkout-async-failed')))
      .limit(1);
    if (failed) return nothing('duplicate', order.id);
    await retakeStock(tx, order.id);
  } else if (order.status !== 'pending') {
    return nothing('duplicate', order.id);
  }
  // Its originals held with no end: its own holds, and any whose hold had lapsed and no one else has taken.
  const originals = await originalsOf(tx, order.id);
  if (originals.length) {
    const sold = await tx
      .select({ id: originalsSold.artworkId })
      .from(originalsSold)
      .where(
        inArray(
          originalsSold.artworkId,
          originals.map((o) => o.artworkId),
        ),
      );
    const free = originals.filter((o) => !sold.some((s) => s.id === o.artworkId));
    if (free.length)
      await tx
        .insert(originalHolds)
        .values(free.map((o) => ({ artworkId: o.artworkId, orderId: order.id, expiresAt: null })))
        .onConflictDoNothing();
    await tx.update(originalHolds).set({ expiresAt: null }).where(eq(originalHolds.orderId, order.id));
  }
  await tx
    .update(orders)
    .set({ status: 'processing', ...buyerOf(checkout), updatedAt: new Date() })
    .where(eq(orders.id, order.id));
  return { ...nothing('applied', order.id), changed: true };
}

/**
 * Paid: the order is paid with who paid and where it goes, its originals sold, its emails queued.
 * Once. When one of its originals was already sold to another order, this is the later payment:
 * the order is marked refunded with the reason, what it took goes back, and the refund is due.
 */
async function payOrder(tx: Tx, order: OrderForUpdate, checkout: Checkout): Promise<Applied> {
  if (!['pending', 'processing', 'expired'].includes(order.status)) return nothing('duplicate', order.id);
  const now = new Date();
  const originals = await originalsOf(tx, order.id);
  const ids = originals.map((o) => o.artworkId);
  // One statement per original: a concurrent payment for the same original waits on its key, then finds it taken.
  const taken: string[] = [];
  for (const id of ids) {
    const [row] = await tx
      .insert(originalsSold)
      .values({ artworkId: id, orderId: order.id })
      .onConflictDoNothing()
      .returning({ id: originalsSold.artworkId });
    if (row) taken.push(row.id);
  }
  if (taken.length < ids.length) {
    if (taken.length)
      await tx
        .delete(originalsSold)
        .where(and(inArray(originalsSold.artworkId, taken), eq(originalsSold.orderId, order.id)));
    const lost = originals.find((o) => !taken.includes(o.artworkId))!;
    if (order.status !== 'expired') await returnStock(tx, order.id);
    await tx.delete(originalHolds).where(eq(originalHolds.orderId, order.id));
    const reason = `${lost.title.replace(/ \(original painting\)$/, '')} had already been sold to another buyer when this payment arrived, so it was refunded in full.`;
    await tx
      .update(orders)
      .set({ status: 'refunded', paidAt: now, ...buyerOf(checkout), refundReason: reason, updatedAt: now })
      .where(eq(orders.id, order.id));
    await enqueueMail(tx, ORDER_REFUNDED_EMAILS, order.id, now);
    return { ...nothing('applied', order.id), changed: true, mail: true, refundDue: [order.id] };
  }
  if (order.status === 'expired') await retakeStock(tx, order.id);
  const closeCheckouts: string[] = [];
  if (ids.length > 0) {
    // What every page, list, the sitemap and the JSON-LD read as sold (lib/artworks/format.ts).
    await tx.update(artworks).set({ availability: 'Sold', updatedAt: now }).where(inArray(artworks.id, ids));
    // Another buyer holding one of them (their hold had lapsed and been taken again): their checkout is closed.
    const others = await tx
      .delete(originalHolds)
      .where(and(inArray(originalHolds.artworkId, ids), ne(originalHolds.orderId, order.id)))
      .returning({ orderId: originalHolds.orderId });
    if (others.length) {
      const open = await tx
        .select({ checkoutId: orders.checkoutId })
        .from(orders)
        .where(
          and(
            inArray(
              orders.id,
              others.map((o) => o.orderId),
            ),
            eq(orders.status, 'pending'),
          ),
        );
      closeCheckouts.push(...open.flatMap((o) => (o.checkoutId ? [o.checkoutId] : [])));
    }
  }
  await tx.delete(originalHolds).where(eq(originalHolds.orderId, order.id));
  await tx
    .update(orders)
    .set({ status: 'paid', paidAt: now, ...buyerOf(checkout), updatedAt: now })
    .where(eq(orders.id, order.id));
  if (checkout.paymentId) await refundsSoFar(tx, checkout.paymentId);
  await enqueueMail(tx, ORDER_PAID_EMAILS, order.id, now);
  return {
    outcome: 'applied',
    orderId: order.id,
    soldArtworks: ids,
    changed: true,
    mail: true,
    refundDue: [],
    closeCheckouts,
  };
}

/**
 * A refund of a payment: the largest amount refunded so far is kept by payment (events can arrive
 * out of order), and applied to its order now, or when the order is settled.
 */
async function applyRefund(tx: Tx, paymentId: string, amount: number, fully: boolean): Promise<Applied> {
  await tx
    .insert(paymentRefunds)
    .values({ paymentId, amountRefunded: amount, fully })
    .onConflictDoUpdate({
      target: paymentRefunds.paymentId,
      set: {
        amountRefunded: sql`greatest(${paymentRefunds.amountRefunded}, excluded.amount_refunded)`,
        fully: sql`${paymentRefunds.fully} or excluded.fully`,
        updatedAt: new Date(),
      },
    });
  const orderId = await refundsSoFar(tx, paymentId);
  return orderId ? { ...nothing('applied', orderId), changed: true } : nothing('ignored');
}

/** The refunds recorded for a payment, onto its settled order; the order's id when there is one. */
async function refundsSoFar(tx: Tx, paymentId: string): Promise<string | null> {
  const [refund] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
  if (!refund) return null;
  const [order] = await tx
    .update(orders)
    .set({
      refundedPence: sql`greatest(${orders.refundedPence}, ${refund.amountRefunded})`,
      status: refund.fully ? 'refunded' : sql`${orders.status}`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(orders.paymentId, paymentId),
        or(eq(orders.status, 'paid'), eq(orders.status, 'shipped'), eq(orders.status, 'refunded')),
      ),
    )
    .returning({ id: orders.id });
  return order?.id ?? null;
}
