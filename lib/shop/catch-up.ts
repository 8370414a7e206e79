import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { orders } from '@/lib/db/schema';
import type { Payments } from '@/lib/payments/port';
import { releaseOrder } from './checkout';
import { markPaid } from './payment-events';

/** A pending order is asked about once it is this old: a buyer who pays does so within minutes. */
export const ASK_AFTER_MS = 2 * 60_000;

export type CaughtUp = { paid: string[]; released: string[]; soldArtworks: string[]; failed: number };

/**
 * The webhook's safety net (the shop-checkouts job, lib/cron/jobs.ts): a pending order is asked
 * about at the provider. Paid: it is recorded as the webhook would have (once: an order already
 * paid is left alone). Closed unpaid, or open past its time (then closed now): what it held goes
 * back. An order whose checkout was never made (the process stopped between the two) is released
 * once its time is past. A failed question is tried again at the next run.
 */
export async function catchUpCheckouts(db: Database, payments: Payments, now = new Date()): Promise<CaughtUp> {
  const due = await asSystem(db, 'shop', (sys) =>
    sys
      .select({ id: orders.id, checkoutId: orders.checkoutId, expiresAt: orders.checkoutExpiresAt })
      .from(orders)
      .where(and(eq(orders.status, 'pending'), lte(orders.createdAt, new Date(now.getTime() - ASK_AFTER_MS))))
      .orderBy(orders.createdAt)
      .limit(200),
  );
  const result: CaughtUp = { paid: [], released: [], soldArtworks: [], failed: 0 };
  for (const order of due) {
    try {
      if (!order.checkoutId) {
        if (order.expiresAt <= now && (await releaseOrder(db, order.id))) result.released.push(order.id);
        continue;
      }
      let checkout = await payments.getCheckout(order.checkoutId);
      if (checkout.status === 'open' && checkout.expiresAt <= now) checkout = await payments.expireCheckout(checkout.id);
      if (checkout.paid) {
        const applied = await asSystem(db, 'shop', (sys) => sys.transaction((tx) => markPaid(tx, checkout)));
        if (applied.outcome === 'applied') {
          result.paid.push(order.id);
          result.soldArtworks.push(...applied.soldArtworks);
        }
      } else if (checkout.status === 'expired' && (await releaseOrder(db, order.id))) {
        result.released.push(order.id);
      }
    } catch {
      result.failed++;
    }
  }
  return result;
}
