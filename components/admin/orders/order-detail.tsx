import { messageTime } from '@/components/admin/messages/format';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { minusPence, orderDiscountLabel } from '@/lib/shop/discount';
import { formatPence } from '@/lib/shop/money';
import { addressLines, orderNumber, type OrderLineRow, type OrderRow } from '@/lib/shop/orders';
import { OrderStatus } from './orders-view';
import { ShipForm } from './ship-form';

/** One order: who bought what, where it goes, the amounts, its shipment, and "Mark as shipped" while it is to ship. */
export function OrderDetail({ order, mailConfigured }: { order: OrderRow; mailConfigured: boolean }) {
  const address = addressLines(order.shippingAddress, order.name);
  return (
    <article className="flex flex-col gap-6">
      <header className="flex flex-col gap-2 rounded-card border border-line bg-white p-5">
        <h2 className="font-serif text-2xl">Order {orderNumber(order.id)}</h2>
        <p>
          {order.name ?? '(no name)'}
          {order.email ? (
            <>
              {' '}
              &lt;
              <a href={`mailto:${order.email}`} className="break-all text-wash underline underline-offset-4">
                {order.email}
              </a>
              &gt;
            </>
          ) : null}
        </p>
        <p className="text-sm text-ink-soft">
          {order.paidAt ? (
            <>
              Paid <time dateTime={order.paidAt.toISOString()}>{messageTime(order.paidAt)}</time>.
            </>
          ) : (
            <>
              Started <time dateTime={order.createdAt.toISOString()}>{messageTime(order.createdAt)}</time>.
            </>
          )}{' '}
          Status: <OrderStatus order={order} />
        </p>
        {order.refundReason ? <p className="text-sm">Refunded by the site: {order.refundReason}</p> : null}
      </header>

      <OrderItems order={order} />

      <section
        aria-labelledby="order-address"
        className="flex flex-col gap-2 rounded-card border border-line bg-white p-5"
      >
        <h3 id="order-address" className="font-serif text-xl">
          Delivery address
        </h3>
        {address.length ? (
          <address className="not-italic">
            {address.map((line, index) => (
              <span key={index} className="block">
                {line}
              </span>
            ))}
          </address>
        ) : (
          <p className="text-ink-soft">No address recorded.</p>
        )}
      </section>

      {order.status === 'shipped' ? (
        <section
          aria-labelledby="order-shipment"
          className="flex flex-col gap-2 rounded-card border border-line bg-white p-5"
        >
          <h3 id="order-shipment" className="font-serif text-xl">
            Shipment
          </h3>
          <p>
            Shipped
            {order.shippedAt ? (
              <>
                {' '}
                <time dateTime={order.shippedAt.toISOString()}>{messageTime(order.shippedAt)}</time>
              </>
            ) : null}{' '}
            with {order.carrier}
            {order.tracking ? <>, tracking number {order.tracking}</> : null}.
          </p>
        </section>
      ) : null}

      {order.status === 'paid' ? <ShipForm orderId={order.id} mailConfigured={mailConfigured} /> : null}
    </article>
  );
}

/** A price, and with the subscriber discount the price before it struck through. */
function Price({ pence, listPence }: { pence: number; listPence: number | null }) {
  if (listPence === null) return <>{formatPence(pence)}</>;
  return (
    <>
      <span className="sr-only">Was </span>
      <s className="text-ink-soft">{formatPence(listPence)}</s> <span className="sr-only">now </span>
      {formatPence(pence)}
    </>
  );
}

const amountOf = (line: OrderLineRow) => ({
  pence: line.unitPence * line.quantity,
  listPence: line.listUnitPence === null ? null : line.listUnitPence * line.quantity,
});

/** What was bought (a discounted line with its price before), the discount, subtotal, delivery, total and any refund. */
function OrderItems({ order }: { order: OrderRow }) {
  return (
    <section aria-labelledby="order-items" className="flex flex-col gap-3">
      <h3 id="order-items" className="font-serif text-xl">
        Items
      </h3>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Item</TableHead>
            <TableHead className="text-right">Quantity</TableHead>
            <TableHead className="text-right">Price</TableHead>
            <TableHead className="text-right">Amount</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {order.lines.map((line, index) => (
            <TableRow key={index}>
              <TableCell>{line.title}</TableCell>
              <TableCell className="text-right">{line.quantity}</TableCell>
              <TableCell className="text-right whitespace-nowrap">
                <Price pence={line.unitPence} listPence={line.listUnitPence} />
              </TableCell>
              <TableCell className="text-right whitespace-nowrap">
                <Price {...amountOf(line)} />
              </TableCell>
            </TableRow>
          ))}
          {order.discountPence > 0 ? (
            <TableRow>
              <TableCell colSpan={3}>{orderDiscountLabel(order.discountCode)}</TableCell>
              <TableCell className="text-right whitespace-nowrap">{minusPence(order.discountPence)}</TableCell>
            </TableRow>
          ) : null}
          <TableRow>
            <TableCell colSpan={3}>Subtotal</TableCell>
            <TableCell className="text-right whitespace-nowrap">{formatPence(order.subtotalPence)}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell colSpan={3}>Delivery</TableCell>
            <TableCell className="text-right whitespace-nowrap">{formatPence(order.shippingPence ?? 0)}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell colSpan={3} className="font-semibold">
              Total
            </TableCell>
            <TableCell className="text-right font-semibold whitespace-nowrap">
              {formatPence(order.totalPence)}
            </TableCell>
          </TableRow>
          {order.refundedPence > 0 ? (
            <TableRow>
              <TableCell colSpan={3}>Refunded</TableCell>
              <TableCell className="text-right whitespace-nowrap">{formatPence(order.refundedPence)}</TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </section>
  );
}
