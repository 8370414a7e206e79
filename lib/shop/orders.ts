import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { UserFacingError } from '@/lib/http/user-facing-error';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { orderLines, orders, strayPayments, type orderStatuses, type ShippingAddress } from '@/lib/db/schema';
import { toCsv } from '@/lib/insights';
import { enqueueMail } from '@/lib/mail/outbox';

/**
 * The owner's orders (docs/product.md, Orders): what was paid for, where it
 * goes, and marking it shipped. Only orders that were paid are listed (paid, shipped, refunded):
 * a pending order is a checkout still open, an expired one was never paid, and neither is the
 * owner's business; one that is paid after all shows up then.
 */

export type OrderStatus = (typeof orderStatuses)[number];
export const ORDER_VIEWS = ['to-ship', 'shipped', 'refunded', 'all'] as const;
export type OrderView = (typeof ORDER_VIEWS)[number];

const VIEW_STATUSES: Record<OrderView, OrderStatus[]> = {
  'to-ship': ['paid'],
  shipped: ['shipped'],
  refunded: ['refunded'],
  all: ['paid', 'shipped', 'refunded'],
};

/** /admin/orders?view=…: anything unknown opens To ship, what the owner has to do. */
export function parseOrderView(value: string | string[] | undefined): OrderView {
  return z
    .enum(ORDER_VIEWS)
    .catch('to-ship')
    .parse(Array.isArray(value) ? value[0] : value);
}

export function ordersHref(view: OrderView): string {
  return view === 'to-ship' ? '/admin/orders' : `/admin/orders?view=${view}`;
}

/** The most orders one list shows (newest first; To ship shows the longest waiting first). */
export const ORDER_LIST_LIMIT = 500;
/** The most orders the CSV holds: every one, for a shop this size. */
export const ORDER_CSV_LIMIT = 100_000;

export type OrderLineRow = {
  title: string;
  /** What one cost: after the subscriber discount, when it covered this line. */
  unitPence: number;
  quantity: number;
  original: boolean;
  /** The price of one before the discount; null when none applied. */
  listUnitPence: number | null;
};

export type OrderRow = {
  id: string;
  createdAt: Date;
  paidAt: Date | null;
  status: OrderStatus;
  name: string | null;
  email: string | null;
  shippingAddress: ShippingAddress | null;
  subtotalPence: number;
  shippingPence: number | null;
  totalPence: number | null;
  refundedPence: number;
  shippedAt: Date | null;
  carrier: string | null;
  tracking: string | null;
  /** Why the site refunded it itself (a second payment for an original already sold). */
  refundReason: string | null;
  /** The subscriber's code used, and what it took off the lines (subtotalPence is after it). */
  discountCode: string | null;
  discountPence: number;
  lines: OrderLineRow[];
};

const orderColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  status: orders.status,
  name: orders.name,
  email: orders.email,
  shippingAddress: orders.shippingAddress,
  subtotalPence: orders.subtotalPence,
  shippingPence: orders.shippingPence,
  totalPence: orders.totalPence,
  refundedPence: orders.refundedPence,
  shippedAt: orders.shippedAt,
  carrier: orders.carrier,
  tracking: orders.tracking,
  refundReason: orders.refundReason,
  discountCode: orders.discountCode,
  discountPence: orders.discountPence,
};

async function withLines(db: Database, rows: Omit<OrderRow, 'lines'>[]): Promise<OrderRow[]> {
  if (rows.length === 0) return [];
  const lines = await asSystem(db, 'shop', (sys) =>
    sys
      .select({
        orderId: orderLines.orderId,
        title: orderLines.title,
        unitPence: orderLines.unitPence,
        quantity: orderLines.quantity,
        original: orderLines.original,
        listUnitPence: orderLines.listUnitPence,
      })
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(desc(orderLines.original), asc(orderLines.title)),
  );
  const byOrder = new Map<string, OrderLineRow[]>();
  for (const { orderId, ...line } of lines) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), line]);
  return rows.map((row) => ({ ...row, lines: byOrder.get(row.id) ?? [] }));
}

/** One view's orders with their lines. */
export async function listOrders(db: Database, view: OrderView = 'all', limit = ORDER_LIST_LIMIT): Promise<OrderRow[]> {
  const when = sql`coalesce(${orders.paidAt}, ${orders.createdAt})`;
  const rows = await asSystem(db, 'shop', (sys) =>
    sys
      .select(orderColumns)
      .from(orders)
      .where(inArray(orders.status, VIEW_STATUSES[view]))
      .orderBy(view === 'to-ship' ? asc(when) : desc(when), asc(orders.id))
      .limit(limit),
  );
  return withLines(db, rows);
}

/** How many orders each view holds. */
export async function orderCounts(db: Database): Promise<Record<OrderView, number>> {
  const rows = await asSystem(db, 'shop', (sys) =>
    sys
      .select({ status: orders.status, n: count() })
      .from(orders)
      .where(inArray(orders.status, VIEW_STATUSES.all))
      .groupBy(orders.status),
  );
  const of = (status: OrderStatus) => rows.find((row) => row.status === status)?.n ?? 0;
  return {
    'to-ship': of('paid'),
    shipped: of('shipped'),
    refunded: of('refunded'),
    all: of('paid') + of('shipped') + of('refunded'),
  };
}

/** One order, whatever its status, with its lines; null when there is none. */
export async function readOrder(db: Database, id: string): Promise<OrderRow | null> {
  const rows = await asSystem(db, 'shop', (sys) =>
    sys.select(orderColumns).from(orders).where(eq(orders.id, id)).limit(1),
  );
  return (await withLines(db, rows))[0] ?? null;
}

/** Paid and not shipped yet (a part refund leaves it to ship): the dashboard's "n to ship". */
export async function countToShip(db: Database): Promise<number> {
  const [row] = await asSystem(db, 'shop', (sys) =>
    sys.select({ n: count() }).from(orders).where(eq(orders.status, 'paid')),
  );
  return row?.n ?? 0;
}

/** A payment that matches no order (lib/shop/payment-events.ts): the owner refunds it in Stripe, then dismisses it here. */
export type StrayPayment = {
  checkoutId: string;
  paymentId: string | null;
  orderId: string | null;
  amountPence: number | null;
  currency: string | null;
  reason: string;
  receivedAt: Date;
};

export const STRAY_PAYMENT_NOTICE = 'A payment arrived that matches no order: refund it in Stripe';

/** The stray payments not yet dismissed, newest first. */
export async function listStrayPayments(db: Database, limit = 50): Promise<StrayPayment[]> {
  return asSystem(db, 'shop', (sys) =>
    sys
      .select({
        checkoutId: strayPayments.checkoutId,
        paymentId: strayPayments.paymentId,
        orderId: strayPayments.orderId,
        amountPence: strayPayments.amountPence,
        currency: strayPayments.currency,
        reason: strayPayments.reason,
        receivedAt: strayPayments.receivedAt,
      })
      .from(strayPayments)
      .where(isNull(strayPayments.dismissedAt))
      .orderBy(desc(strayPayments.receivedAt))
      .limit(limit),
  );
}

/** The owner has dealt with a stray payment (refunded it in Stripe): it leaves the list, and stays recorded. */
export async function dismissStray(db: Database, checkoutId: string, now = new Date()): Promise<boolean> {
  const done = await asSystem(db, 'shop', (sys) =>
    sys
      .update(strayPayments)
      .set({ dismissedAt: now })
      .where(and(eq(strayPayments.checkoutId, checkoutId), isNull(strayPayments.dismissedAt)))
      .returning({ id: strayPayments.checkoutId }),
  );
  return done.length > 0;
}

export const SHIPMENT_LIMITS = { carrier: 80, tracking: 120 } as const;

/** What "Mark as shipped" takes: the carrier (required), the tracking number (optional). */
export const shipmentSchema = z.object({
  carrier: z
    .string()
    .trim()
    .min(1, 'Say which carrier it went with.')
    .max(SHIPMENT_LIMITS.carrier, `The carrier is at most ${SHIPMENT_LIMITS.carrier} characters.`),
  tracking: z
    .string()
    .trim()
    .max(SHIPMENT_LIMITS.tracking, `The tracking number is at most ${SHIPMENT_LIMITS.tracking} characters.`)
    .optional()
    .nullable()
    .transform((value) => value || null),
});
export type Shipment = z.input<typeof shipmentSchema>;

export const orderMessages = {
  gone: 'That order no longer exists.',
  shipped: 'This order is already marked as shipped.',
  refunded: 'This order was refunded: there is nothing to ship.',
  unpaid: 'This order has not been paid: there is nothing to ship.',
} as const;

/** Why an order cannot be marked shipped; nothing was changed. */
export class OrderRefusal extends UserFacingError {
  constructor(message: string) {
    super(message);
    this.name = 'OrderRefusal';
  }
}

/**
 * Marks a paid order shipped with its carrier and tracking number, and queues the buyer's
 * "shipped" email in the same transaction. Any other order (already shipped, refunded, unpaid,
 * gone) is refused with why, and nothing changes.
 */
export async function markShipped(
  db: Database,
  orderId: string,
  shipment: Shipment,
  now = new Date(),
): Promise<{ orderId: string; email: string | null }> {
  const parsed = shipmentSchema.safeParse(shipment);
  if (!parsed.success)
    throw new OrderRefusal(parsed.error.issues[0]?.message ?? 'Check the carrier and tracking number.');
  const { carrier, tracking } = parsed.data;
  return asSystem(db, 'shop', (sys) =>
    sys.transaction(async (tx) => {
      const [order] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update');
      if (!order) throw new OrderRefusal(orderMessages.gone);
      if (order.status === 'shipped') throw new OrderRefusal(orderMessages.shipped);
      if (order.status === 'refunded') throw new OrderRefusal(orderMessages.refunded);
      if (order.status !== 'paid') throw new OrderRefusal(orderMessages.unpaid);
      const [shipped] = await tx
        .update(orders)
        .set({ status: 'shipped', shippedAt: now, carrier, tracking, updatedAt: now })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'paid')))
        .returning({ id: orders.id, email: orders.email });
      await enqueueMail(tx, ['order-shipped'], shipped!.id, now);
      return { orderId: shipped!.id, email: shipped!.email };
    }),
  );
}

// What the admin, the emails and the CSV show.

const regions = new Intl.DisplayNames(['en-GB'], { type: 'region' });

/** A short reference for an order, for email subjects and the admin: the start of its id. */
export function orderNumber(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/** A country's name from its code ('GB' → 'United Kingdom'); the code when unknown. */
export function countryName(code: string | null | undefined): string {
  if (!code) return '';
  try {
    return regions.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** The delivery address as lines, the recipient first, empty parts left out. */
export function addressLines(address: ShippingAddress | null, fallbackName?: string | null): string[] {
  if (!address) return [];
  const cityLine = [address.city, address.state, address.postalCode].filter(Boolean).join(', ');
  return [
    address.name ?? fallbackName ?? null,
    address.line1,
    address.line2,
    cityLine,
    countryName(address.country),
  ].filter((part): part is string => Boolean(part && part.trim()));
}

/** One line as words, as sold: "2 × Heron card, Single", "1 × Herne Hill Rooftops (original painting)". */
export function lineText(line: OrderLineRow): string {
  return `${line.quantity} × ${line.title}`;
}

export const STATUS_LABEL: Record<OrderStatus, string> = {
  pending: 'Not paid (checkout open)',
  processing: 'Paid by bank debit, not cleared yet',
  expired: 'Not paid',
  paid: 'To ship',
  shipped: 'Shipped',
  refunded: 'Refunded',
};

export const ORDERS_CSV_HEADER = [
  'order_id',
  'date',
  'status',
  'buyer_name',
  'email',
  'address',
  'items',
  'subtotal',
  'shipping',
  'total',
  'refunded',
  'carrier',
  'tracking',
  'discount_code',
  'discount',
] as const;

/**
 * Orders as CSV (RFC 4180, formula-safe): amounts in pounds with two decimals, the date in ISO 8601
 * (UTC). `subtotal` is what the lines cost after any subscriber discount, `discount` what it took off.
 */
export function ordersCsv(rows: readonly OrderRow[]): string {
  const pounds = (pence: number | null) => (pence === null ? '' : (pence / 100).toFixed(2));
  return toCsv([
    ORDERS_CSV_HEADER,
    ...rows.map((order) => [
      order.id,
      (order.paidAt ?? order.createdAt).toISOString(),
      order.status,
      order.name ?? '',
      order.email ?? '',
      addressLines(order.shippingAddress, order.name).join(', '),
      order.lines.map(lineText).join('; '),
      pounds(order.subtotalPence),
      pounds(order.shippingPence),
      pounds(order.totalPence),
      pounds(order.refundedPence),
      order.carrier ?? '',
      order.tracking ?? '',
      order.discountCode ?? '',
      pounds(order.discountPence),
    ]),
  ]);
}
