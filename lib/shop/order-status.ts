import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { orderLines, orders, orderStatuses } from '@/lib/db/schema';
import type { Payments } from '@/lib/payments/port';
import { releaseOrder } from './checkout';
import { markPaid, type Applied } from './payment-events';

/** A Stripe Checkout id as the return address carries it: bounded, so nothing else reaches a query. */
export const checkoutIdSchema = z.string().regex(/^cs_[A-Za-z0-9_]{1,250}$/);

/**
 * The buyer is back from paying: settle their order now rather than wait for the webhook, which
 * may still be on its way. Only an order still pending is asked about; paid is recorded exactly as
 * the webhook would (once, whichever comes first). Null for a checkout the shop does not know.
 */
export async function settleOnReturn(db: Database, payments: Payments, checkoutId: string): Promise<Applied | null> {
  const [order] = await asSystem(db, 'shop', (sys) => sys.select({ status: orders.status }).from(orders).where(eq(orders.checkoutId, checkoutId)));
  if (!order) return null;
  if (order.status !== 'pending') return { outcome: 'duplicate', soldArtworks: [] };
  const checkout = await payments.getCheckout(checkoutId);
  if (!checkout.paid) return { outcome: 'ignored', soldArtworks: [] };
  return asSystem(db, 'shop', (sys) => sys.transaction((tx) => markPaid(tx, checkout)));
}

export type BuyerOrder = {
  status: (typeof orderStatuses)[number];
  email: string | null;
  lines: { title: string; unitPence: number; quantity: number }[];
  subtotalPence: number;
  shippingPence: number | null;
  totalPence: number | null;
};

/** What the thank-you page shows the buyer of this checkout: what they bought and where the order stands. */
export async function readBuyerOrder(db: Database, checkoutId: string): Promise<BuyerOrder | null> {
  return asSystem(db, 'shop', async (sys) => {
    const [order] = await sys
      .select({ id: orders.id, status: orders.status, email: orders.email, subtotalPence: orders.subtotalPence, shippingPence: orders.shippingPence, totalPence: orders.totalPence })
      .from(orders)
      .where(eq(orders.checkoutId, checkoutId));
    if (!order) return null;
    const lines = await sys.select({ title: orderLines.title, unitPence: orderLines.unitPence, quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.title);
    const { id: _id, ...rest } = order;
    void _id;
    return { ...rest, lines };
  });
}

export type Cancelled = { outcome: 'released' | 'paid' | 'unchanged'; checkoutId: string | null; soldArtworks: string[] };

/**
 * The buyer came back from the payment page without paying (its cancel link): the checkout is
 * closed at the provider and what the order held goes back at once, so the buyer can check out
 * again (their own original would otherwise show as reserved for half an hour). A checkout that
 * turns out to be paid is recorded as paid instead. Only a pending order is touched.
 */
export async function cancelCheckout(db: Database, payments: Payments, orderId: string): Promise<Cancelled> {
  const [order] = await asSystem(db, 'shop', (sys) => sys.select({ status: orders.status, checkoutId: orders.checkoutId }).from(orders).where(eq(orders.id, orderId)));
  if (!order || order.status !== 'pending') return { outcome: 'unchanged', checkoutId: order?.checkoutId ?? null, soldArtworks: [] };
  if (order.checkoutId) {
    const checkout = await payments.expireCheckout(order.checkoutId);
    if (checkout.paid) {
      const applied = await asSystem(db, 'shop', (sys) => sys.transaction((tx) => markPaid(tx, checkout)));
      return { outcome: 'paid', checkoutId: order.checkoutId, soldArtworks: applied.soldArtworks };
    }
  }
  return { outcome: (await releaseOrder(db, orderId)) ? 'released' : 'unchanged', checkoutId: order.checkoutId, soldArtworks: [] };
}
