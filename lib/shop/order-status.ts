import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { orderLines, orders, orderStatuses } from '@/lib/db/schema';
import { releaseOrder } from './checkout';
import { nothing, type Applied } from './payment-events';
import { settleOrder, type SettleDeps } from './settle';

/** A Stripe Checkout id as the return address carries it: bounded, so nothing else reaches a query. */
export const checkoutIdSchema = z.string().regex(/^cs_[A-Za-z0-9_]{1,250}$/);

/** The per-checkout secret the way back carries with the order's id or the checkout's. */
export const returnKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** Whether `key` is the order's secret (compared in constant time); never for an order without one. */
function keyMatches(secret: string | null, key: string | null | undefined): boolean {
  if (!secret || !key) return false;
  const a = Buffer.from(secret);
  const b = Buffer.from(key);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * The buyer is back from paying: settle their order now rather than wait for the webhook, which
 * may still be on its way. Only an order not yet settled is asked about; the answer is applied
 * exactly as the webhook's would be (once, whichever comes first). Null for a checkout the shop does not know.
 */
export async function settleOnReturn(deps: SettleDeps, checkoutId: string): Promise<Applied | null> {
  const [order] = await asSystem(deps.db, 'shop', (sys) =>
    sys.select({ status: orders.status }).from(orders).where(eq(orders.checkoutId, checkoutId)),
  );
  if (!order) return null;
  if (order.status !== 'pending' && order.status !== 'processing') return nothing('duplicate', undefined);
  return settleOrder(deps, { checkout: await deps.payments.getCheckout(checkoutId) });
}

export type BuyerOrder = {
  status: (typeof orderStatuses)[number];
  /** Only with the checkout's secret: the checkout id alone does not show who bought. */
  email: string | null;
  lines: { title: string; unitPence: number; quantity: number; listUnitPence: number | null }[];
  /** The subscriber's code, only with the checkout's secret, as the email; what the discount took off. */
  discountCode: string | null;
  discountPence: number;
  subtotalPence: number;
  shippingPence: number | null;
  totalPence: number | null;
  refundReason: string | null;
};

/** What the thank-you page shows the buyer of this checkout: what they bought and where the order stands. */
export async function readBuyerOrder(
  db: Database,
  checkoutId: string,
  key?: string | null,
): Promise<BuyerOrder | null> {
  return asSystem(db, 'shop', async (sys) => {
    const [order] = await sys
      .select({
        id: orders.id,
        status: orders.status,
        email: orders.email,
        secret: orders.returnSecret,
        subtotalPence: orders.subtotalPence,
        shippingPence: orders.shippingPence,
        totalPence: orders.totalPence,
        refundReason: orders.refundReason,
        discountCode: orders.discountCode,
        discountPence: orders.discountPence,
      })
      .from(orders)
      .where(eq(orders.checkoutId, checkoutId));
    if (!order) return null;
    const lines = await sys
      .select({
        title: orderLines.title,
        unitPence: orderLines.unitPence,
        quantity: orderLines.quantity,
        listUnitPence: orderLines.listUnitPence,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(orderLines.title);
    const { id: _id, secret, email, discountCode, ...rest } = order;
    void _id;
    const known = keyMatches(secret, key);
    return { ...rest, email: known ? email : null, discountCode: known ? discountCode : null, lines };
  });
}

export type Cancelled = {
  outcome: 'released' | 'paid' | 'processing' | 'unchanged';
  checkoutId: string | null;
  soldArtworks: string[];
};

/**
 * The buyer came back from the payment page without paying (its cancel link, with the checkout's
 * secret): the checkout is closed at the provider and what the order held goes back at once, so
 * the buyer can check out again. A checkout that turns out to be complete (paid, or a bank debit
 * still settling: the back button after paying) is settled as such and keeps what it holds. Only
 * the buyer's browser can do this: without the secret nothing changes.
 */
export async function cancelCheckout(deps: SettleDeps, orderId: string, key: string | null): Promise<Cancelled> {
  const [order] = await asSystem(deps.db, 'shop', (sys) =>
    sys
      .select({ status: orders.status, checkoutId: orders.checkoutId, secret: orders.returnSecret })
      .from(orders)
      .where(eq(orders.id, orderId)),
  );
  if (!order || !keyMatches(order.secret, key)) return { outcome: 'unchanged', checkoutId: null, soldArtworks: [] };
  let soldArtworks: string[] = [];
  if (order.status === 'pending' && order.checkoutId) {
    soldArtworks = (await settleOrder(deps, { checkout: await deps.payments.expireCheckout(order.checkoutId) }))
      .soldArtworks;
  } else if (order.status === 'pending') {
    // No checkout was made (the process stopped between the two): nothing can be paid.
    const released = await releaseOrder(deps.db, orderId);
    if (released) await deps.effects.invalidateShop();
  }
  const [now] = await asSystem(deps.db, 'shop', (sys) =>
    sys.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)),
  );
  const outcome =
    now?.status === 'processing'
      ? 'processing'
      : now?.status === 'paid' || now?.status === 'shipped' || now?.status === 'refunded'
        ? 'paid'
        : order.status === 'pending'
          ? 'released'
          : 'unchanged';
  return { outcome, checkoutId: order.checkoutId, soldArtworks };
}
