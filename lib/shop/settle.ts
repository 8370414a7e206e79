import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { shopTags } from '@/lib/cache/tags';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { orders } from '@/lib/db/schema';
import { logger } from '@/lib/log/logger';
import type { Checkout, PaymentEvent, Payments } from '@/lib/payments/port';
import { applyCheckoutState, applyPaymentEvent, type Applied } from './payment-events';

/**
 * What follows a change to an order, wherever the news came from: the pages that show what can be
 * bought invalidated (with the artworks of the originals it sold), and the queued emails sent. A
 * route invalidates at once and sends with `after` (lib/shop/route-effects.ts); the job gathers
 * both for its whole run.
 */
export type ShopEffects = {
  invalidateShop(change?: { sold?: readonly string[] }): void | Promise<void>;
  sendMail(): void | Promise<void>;
};

export type SettleDeps = { db: Database; payments: Payments; effects: ShopEffects };

/** The news about a checkout: a verified webhook event, or the checkout as the provider answered just now. */
export type CheckoutNews = { event: PaymentEvent } | { checkout: Checkout };

/**
 * The one way an order is settled (the webhook, the buyer's way back, the cancel address and the
 * catch-up job all come here): the news is applied in one transaction (lib/shop/payment-events.ts),
 * then a refund it made due is asked of the provider, other buyers' checkouts for an original now
 * sold are closed, the pages' tags are expired and the emails sent.
 */
export async function settleOrder(deps: SettleDeps, news: CheckoutNews): Promise<Applied> {
  const applied =
    'event' in news ? await applyPaymentEvent(deps.db, news.event) : await applyCheckoutState(deps.db, news.checkout);
  for (const orderId of applied.refundDue) await refundOrder(deps, orderId);
  const sold = [...applied.soldArtworks];
  for (const checkoutId of applied.closeCheckouts) {
    try {
      const closed = await applyCheckoutState(deps.db, await deps.payments.expireCheckout(checkoutId));
      // Paid in the meantime: that payment is the later one, and is refunded.
      for (const orderId of closed.refundDue) await refundOrder(deps, orderId);
    } catch (error) {
      logger.warn(
        { feature: 'shop', err: error, checkoutId },
        'could not close a checkout for an original now sold; it closes on its own',
      );
    }
  }
  if (applied.changed) await deps.effects.invalidateShop({ sold });
  if (applied.mail) await deps.effects.sendMail();
  if (applied.outcome === 'stray')
    logger.warn({ feature: 'shop' }, 'a payment arrived that matches no order: kept for the owner to refund in Stripe');
  return applied;
}

/**
 * Gives an order's payment back in full at the provider (once: the idempotency key is the
 * order's), and records the provider's refund. A failure leaves it due: the catch-up job asks again.
 */
export async function refundOrder(deps: Pick<SettleDeps, 'db' | 'payments'>, orderId: string): Promise<boolean> {
  const [order] = await asSystem(deps.db, 'shop', (sys) =>
    sys
      .select({ paymentId: orders.paymentId, reason: orders.refundReason })
      .from(orders)
      .where(and(eq(orders.id, orderId), isNotNull(orders.refundReason), isNull(orders.refundId))),
  );
  if (!order?.paymentId || !order.reason) return false;
  try {
    const refund = await deps.payments.refund({
      paymentId: order.paymentId,
      reason: order.reason,
      idempotencyKey: `refund-${orderId}`,
    });
    await asSystem(deps.db, 'shop', (sys) =>
      sys.update(orders).set({ refundId: refund.id, updatedAt: new Date() }).where(eq(orders.id, orderId)),
    );
    logger.info({ feature: 'shop', orderId, refundId: refund.id }, 'a second payment for a sold original was refunded');
    return true;
  } catch (error) {
    logger.error(
      { feature: 'shop', err: error, orderId },
      'could not refund a second payment for a sold original; the catch-up job tries again',
    );
    return false;
  }
}

/** Effects gathered rather than done: the catch-up job expires and sends once for a whole run. */
export function gatheredEffects(): ShopEffects & { tags: Set<string>; mail: boolean } {
  const gathered = {
    tags: new Set<string>(),
    mail: false,
    invalidateShop(change: { sold?: readonly string[] } = {}) {
      for (const tag of shopTags(change)) gathered.tags.add(tag);
    },
    sendMail() {
      gathered.mail = true;
    },
  };
  return gathered;
}
