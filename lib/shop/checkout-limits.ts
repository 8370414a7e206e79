import crypto from 'node:crypto';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { subkey } from '@/lib/auth/server-key';
import type { Tx } from '@/lib/db/port';
import { orders } from '@/lib/db/schema';
import { addressBlock } from '@/lib/http/address-block';

/**
 * How many checkouts one visitor may have: each one holds stock or an original for half an hour
 * and opens a session at Stripe, so a visitor who could open them without end could hold the
 * whole shop, or spend the site's Stripe requests. A visitor is an address block (an IPv4
 * address, or an IPv6 /64: lib/http/address-block.ts), recorded on each order as a keyed hash
 * (visitorKey), as the message form keeps its senders: orders keep no one's address.
 */
export const MAX_OPEN_CHECKOUTS = 3;
export const MAX_CHECKOUTS_PER_HOUR = 20;
export const CHECKOUT_HOUR_MS = 60 * 60_000;

export type CheckoutLimit = 'open' | 'hourly';

/** The visitor's block as the orders record it: a keyed hash, the same for every address of the block. */
export function visitorKey(address: string, key: Buffer = subkey('checkout-visitor')): string {
  return crypto.createHmac('sha256', key).update(addressBlock(address)).digest('base64url').slice(0, 32);
}

/**
 * Inside the checkout's transaction, before it takes or records anything: the block of
 * `address`, and which limit it is at, if any. A transaction lock per block makes concurrent
 * checkouts from one block count one after another, each seeing the orders of those before it,
 * so at the limit only one of them can pass. Open: pending (or being paid) and not yet expired;
 * the hour counts every checkout begun in it, open or not.
 */
export async function checkoutLimit(
  tx: Tx,
  address: string,
  now: Date,
): Promise<{ block: string; refused: CheckoutLimit | null }> {
  const block = visitorKey(address);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout:${block}`}, 0))`);
  const counted = async (where: ReturnType<typeof and>) =>
    (
      await tx
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.visitorBlock, block), where))
    )[0]?.n ?? 0;
  // Literal statuses, as the index's predicate has them (orders_visitor_open).
  if (
    (await counted(and(sql`${orders.status} in ('pending', 'processing')`, gt(orders.checkoutExpiresAt, now)))) >=
    MAX_OPEN_CHECKOUTS
  )
    return { block, refused: 'open' };
  if ((await counted(gt(orders.createdAt, new Date(now.getTime() - CHECKOUT_HOUR_MS)))) >= MAX_CHECKOUTS_PER_HOUR)
    return { block, refused: 'hourly' };
  return { block, refused: null };
}
