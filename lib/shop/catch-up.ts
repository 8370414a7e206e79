import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { orders, paymentEvents } from '@/lib/db/schema';
import type { Payments } from '@/lib/payments/port';
import { releaseOrder } from './checkout';
import { gatheredEffects, refundOrder, settleOrder } from './settle';

/** A pending order is asked about once it is this old: a buyer who pays does so within minutes. */
export const ASK_AFTER_MS = 2 * 60_000;
/** Orders never paid, and the events about them, are kept this long (paid ones are the owner's records). */
export const UNPAID_KEPT_MS = 30 * 24 * 60 * 60_000;
const PAGE = 100;

export type CaughtUp = {
  paid: string[];
  released: string[];
  refunded: string[];
  soldArtworks: string[];
  tags: string[];
  mail: boolean;
  pruned: number;
  failed: number;
};

/**
 * The webhook's safety net (the shop-checkouts job, lib/cron/jobs.ts). Every order not yet
 * settled (pending, or complete with a payment still settling) is asked about at the provider,
 * page by page, and settled as the webhook would have (lib/shop/settle.ts); an open checkout past
 * its time is closed first. An order whose checkout was never made is released once its time is
 * past. Refunds due and not yet made are asked for again. Orders never paid are pruned after 30
 * days, with their events. A failed question is tried again at the next run.
 */
export async function catchUpCheckouts(
  db: Database,
  payments: Payments,
  now = new Date(),
  { pageSize = PAGE } = {},
): Promise<CaughtUp> {
  const effects = gatheredEffects();
  const deps = { db, payments, effects };
  const result: CaughtUp = {
    paid: [],
    released: [],
    refunded: [],
    soldArtworks: [],
    tags: [],
    mail: false,
    pruned: 0,
    failed: 0,
  };
  const askedBefore = new Date(now.getTime() - ASK_AFTER_MS);
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const cursor: { createdAt: Date; id: string } | null = after;
    type Due = { id: string; createdAt: Date; checkoutId: string | null; expiresAt: Date };
    const due: Due[] = await asSystem(db, 'shop', (sys) =>
      sys
        .select({
          id: orders.id,
          createdAt: orders.createdAt,
          checkoutId: orders.checkoutId,
          expiresAt: orders.checkoutExpiresAt,
        })
        .from(orders)
        .where(
          and(
            inArray(orders.status, ['pending', 'processing']),
            lte(orders.createdAt, askedBefore),
            cursor
              ? or(
                  gt(orders.createdAt, cursor.createdAt),
                  and(eq(orders.createdAt, cursor.createdAt), gt(orders.id, cursor.id)),
                )
              : undefined,
          ),
        )
        .orderBy(asc(orders.createdAt), asc(orders.id))
        .limit(pageSize),
    );
    for (const order of due) {
      try {
        if (!order.checkoutId) {
          if (order.expiresAt <= now && (await releaseOrder(db, order.id))) {
            result.released.push(order.id);
            effects.invalidateShop();
          }
          continue;
        }
        let checkout = await payments.getCheckout(order.checkoutId);
        if (checkout.status === 'open' && checkout.expiresAt <= now)
          checkout = await payments.expireCheckout(checkout.id);
        const applied = await settleOrder(deps, { checkout });
        if (applied.outcome !== 'applied') continue;
        if (applied.refundDue.length) result.refunded.push(order.id);
        else if (applied.mail) result.paid.push(order.id);
        else if (checkout.status === 'expired' || checkout.paymentFailed) result.released.push(order.id);
        result.soldArtworks.push(...applied.soldArtworks);
      } catch {
        result.failed++;
      }
    }
    if (due.length < pageSize) break;
    after = { createdAt: due.at(-1)!.createdAt, id: due.at(-1)!.id };
  }

  const refundsDue = await asSystem(db, 'shop', (sys) =>
    sys
      .select({ id: orders.id })
      .from(orders)
      .where(and(isNotNull(orders.refundReason), isNull(orders.refundId)))
      .orderBy(asc(orders.createdAt)),
  );
  for (const { id } of refundsDue) if (!(await refundOrder(deps, id))) result.failed++;

  result.pruned = await pruneUnpaid(db, now);
  result.tags = [...effects.tags];
  result.mail = effects.mail;
  return result;
}

/** Orders never paid (expired, or pending with a checkout long closed) older than 30 days go, with their lines and events; events about no order go too. */
export async function pruneUnpaid(db: Database, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UNPAID_KEPT_MS);
  return asSystem(db, 'shop', (sys) =>
    sys.transaction(async (tx) => {
      const gone = await tx
        .delete(orders)
        .where(
          and(
            lt(orders.createdAt, before),
            or(eq(orders.status, 'expired'), and(eq(orders.status, 'pending'), lt(orders.checkoutExpiresAt, before))),
          ),
        )
        .returning({ id: orders.id });
      await tx.delete(paymentEvents).where(and(lt(paymentEvents.receivedAt, before), isNull(paymentEvents.orderId)));
      return gone.length;
    }),
  );
}
