import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Tx } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { artworks, orderLines, orders, originalHolds, originalsSold, paymentEvents, productVariants } from '@/lib/db/schema';
import { enqueueMail, type MailKind } from '@/lib/mail/outbox';
import type { Checkout, PaymentEvent } from '@/lib/payments/port';
import { releaseOrderIn } from './checkout';

/** The shop's order a checkout was opened for; null for one the shop did not open (another integration on the same Stripe account). */
function orderReference(checkout: Checkout): string | null {
  return z.uuid().safeParse(checkout.reference).success ? checkout.reference : null;
}

/** What applying an event changed: the originals now sold (their pages show it), and the order. */
export type Applied = { outcome: 'applied' | 'duplicate' | 'ignored'; orderId?: string; soldArtworks: string[] };

/**
 * Applies one verified payment event, once: its id is recorded in the same transaction as what
 * it changes, so a redelivered event (Stripe resends until answered, and may send one twice)
 * changes nothing. A paid checkout makes its order paid with the buyer's details, and its
 * originals sold; an expired one gives back what its order held; a refund records how much.
 */
export async function applyPaymentEvent(db: Database, event: PaymentEvent): Promise<Applied> {
  if (event.kind === 'other') return { outcome: 'ignored', soldArtworks: [] };
  return asSystem(db, 'shop', (sys) =>
    sys.transaction(async (tx): Promise<Applied> => {
      const [first] = await tx.insert(paymentEvents).values({ id: event.id, type: event.kind }).onConflictDoNothing().returning({ id: paymentEvents.id });
      if (!first) return { outcome: 'duplicate', soldArtworks: [] };
      if (event.kind === 'checkout-expired') {
        const orderId = orderReference(event.checkout);
        const released = orderId ? await releaseOrderIn(tx, orderId) : false;
        return { outcome: released ? 'applied' : 'ignored', orderId: orderId ?? undefined, soldArtworks: [] };
      }
      if (event.kind === 'refunded') {
        const [order] = await tx
          .update(orders)
          .set({ refundedPence: event.amountRefunded, ...(event.fully ? { status: 'refunded' as const } : {}), updatedAt: new Date() })
          .where(eq(orders.paymentId, event.paymentId))
          .returning({ id: orders.id });
        return { outcome: order ? 'applied' : 'ignored', orderId: order?.id, soldArtworks: [] };
      }
      return markPaid(tx, event.checkout);
    }),
  );
}

/** The emails an order's payment queues: to the owner, and to the buyer. */
export const ORDER_PAID_EMAILS: readonly MailKind[] = ['order-owner', 'order-buyer'];

/** A paid checkout's order: paid, with who paid and where it goes; its originals sold; its emails queued. Once. */
export async function markPaid(tx: Tx, checkout: Checkout): Promise<Applied> {
  const reference = orderReference(checkout);
  if (!checkout.paid || !reference) return { outcome: 'ignored', soldArtworks: [] };
  const [before] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, reference)).for('update');
  if (before?.status === 'expired') {
    // Paid after what it held went back (its checkout was paid as it closed): the buyer has
    // paid, so the order stands and its stock is taken again (never below zero); the owner sees it.
    const lines = await tx.select({ variantId: orderLines.variantId, quantity: orderLines.quantity }).from(orderLines).where(and(eq(orderLines.orderId, reference), eq(orderLines.original, false)));
    for (const line of lines) {
      if (line.variantId) await tx.update(productVariants).set({ stock: sql`greatest(${productVariants.stock} - ${line.quantity}, 0)` }).where(eq(productVariants.id, line.variantId));
    }
  }
  const [order] = await tx
    .update(orders)
    .set({
      status: 'paid',
      paidAt: new Date(),
      paymentId: checkout.paymentId,
      email: checkout.email,
      name: checkout.customerName,
      shippingAddress: checkout.shippingAddress,
      shippingPence: checkout.shippingAmount,
      totalPence: checkout.amountTotal,
      checkoutId: checkout.id,
      updatedAt: new Date(),
    })
    .where(and(eq(orders.id, reference), sql`${orders.status} in ('pending', 'expired')`))
    .returning({ id: orders.id });
  if (!order) return { outcome: 'ignored', soldArtworks: [] };
  const originals = await tx.select({ artworkId: orderLines.artworkId }).from(orderLines).where(and(eq(orderLines.orderId, order.id), eq(orderLines.original, true)));
  const sold = originals.map((line) => line.artworkId).filter((id): id is string => Boolean(id));
  if (sold.length > 0) {
    await tx.insert(originalsSold).values(sold.map((artworkId) => ({ artworkId, orderId: order.id }))).onConflictDoNothing();
    // What every page, list, the sitemap and the JSON-LD read as sold (lib/artworks/format.ts isAvailable);
    // the owner sees it on the painting's edit page too.
    await tx.update(artworks).set({ availability: 'Sold', updatedAt: new Date() }).where(inArray(artworks.id, sold));
  }
  await tx.delete(originalHolds).where(eq(originalHolds.orderId, order.id));
  // Orders: the owner's and the buyer's emails, queued with the change (lib/messages/mail.ts sends them).
  await enqueueMail(tx, ORDER_PAID_EMAILS, order.id);
  return { outcome: 'applied', orderId: order.id, soldArtworks: sold };
}

