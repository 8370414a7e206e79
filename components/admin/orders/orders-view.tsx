import Link from 'next/link';
import { messageTime } from '@/components/admin/messages/format';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatPence } from '@/lib/shop/money';
import { lineText, ordersHref, STATUS_LABEL, type OrderRow, type OrderView } from '@/lib/shop/orders';

export const ORDER_TABS: { view: OrderView; label: string }[] = [
  { view: 'to-ship', label: 'To ship' },
  { view: 'shipped', label: 'Shipped' },
  { view: 'refunded', label: 'Refunded' },
  { view: 'all', label: 'All' },
];

const EMPTY: Record<OrderView, string> = {
  'to-ship': 'Nothing to ship. Paid orders wait here until you mark them as shipped.',
  shipped: 'No orders shipped yet.',
  refunded: 'No refunded orders.',
  all: 'No orders yet. Orders paid in the shop arrive here.',
};

/** The views' links, each with its count. */
export function OrderTabs({ current, counts }: { current: OrderView; counts: Record<OrderView, number> }) {
  return (
    <nav aria-label="Orders" className="flex flex-wrap gap-2 border-b border-line pb-3">
      {ORDER_TABS.map(({ view, label }) => (
        <Link
          key={view}
          href={ordersHref(view)}
          prefetch={false}
          aria-current={current === view ? 'page' : undefined}
          className="inline-flex min-h-10 items-center gap-2 rounded-full px-4 text-sm font-medium text-ink hover:bg-paper-deep aria-[current=page]:bg-wash aria-[current=page]:text-white"
        >
          {label}
          <span className="rounded-full bg-white/80 px-2 text-xs text-ink">{counts[view]}</span>
        </Link>
      ))}
    </nav>
  );
}

/** What the owner sees of an order's state: a part refund is said next to it. */
export function OrderStatus({ order }: { order: Pick<OrderRow, 'status' | 'refundedPence'> }) {
  return (
    <>
      {STATUS_LABEL[order.status]}
      {order.status !== 'refunded' && order.refundedPence > 0 ? (
        <span className="block text-xs text-ink-soft">{formatPence(order.refundedPence)} refunded</span>
      ) : null}
    </>
  );
}

/** One view's orders: date, buyer, items, total, status; each opens the order. */
export function OrdersTable({ view, orders }: { view: OrderView; orders: OrderRow[] }) {
  if (orders.length === 0)
    return (
      <p className="rounded-card border border-dashed border-line bg-white p-8 text-center text-ink-soft">
        {EMPTY[view]}
      </p>
    );
  return (
    <Table>
      <caption className="sr-only">{ORDER_TABS.find((tab) => tab.view === view)?.label} orders</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Date</TableHead>
          <TableHead>Buyer</TableHead>
          <TableHead>Items</TableHead>
          <TableHead className="text-right">Total</TableHead>
          <TableHead>Status</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {orders.map((order) => {
          const at = order.paidAt ?? order.createdAt;
          return (
            <TableRow key={order.id}>
              <TableCell className="whitespace-nowrap">
                <Link
                  href={`/admin/orders/${order.id}`}
                  prefetch={false}
                  className="text-wash underline underline-offset-4"
                >
                  <time dateTime={at.toISOString()}>{messageTime(at)}</time>
                  <span className="sr-only">, open the order from {order.name ?? 'the buyer'}</span>
                </Link>
              </TableCell>
              <TableCell>
                <span className="block">{order.name ?? '(no name)'}</span>
                <span className="block text-xs break-all text-ink-soft">{order.email}</span>
              </TableCell>
              <TableCell>
                <ul>
                  {order.lines.map((line, index) => (
                    <li key={index}>{lineText(line)}</li>
                  ))}
                </ul>
              </TableCell>
              <TableCell className="text-right whitespace-nowrap">{formatPence(order.totalPence)}</TableCell>
              <TableCell>
                <OrderStatus order={order} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
