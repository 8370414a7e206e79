import { messageTime } from '@/components/admin/messages/format';
import { formatPence } from '@/lib/shop/money';
import { orderNumber, STRAY_PAYMENT_NOTICE, type StrayPayment } from '@/lib/shop/orders';
import { DismissStray } from './dismiss-stray';

const amount = (payment: StrayPayment) =>
  payment.amountPence === null
    ? 'an unknown amount'
    : payment.currency?.toLowerCase() === 'gbp'
      ? formatPence(payment.amountPence)
      : `${(payment.amountPence / 100).toFixed(2)} ${payment.currency?.toUpperCase() ?? ''}`.trim();

/** Payments Stripe took that pay no order: each with its Stripe ids, to find and refund it in Stripe's dashboard. */
export function StrayPayments({ payments }: { payments: StrayPayment[] }) {
  if (payments.length === 0) return null;
  return (
    <section
      aria-labelledby="stray-payments"
      className="flex flex-col gap-3 rounded-card border border-clay bg-white p-5"
    >
      <h2 id="stray-payments" className="font-serif text-xl text-clay">
        {STRAY_PAYMENT_NOTICE}
      </h2>
      <p className="text-sm text-ink-soft">
        Nothing was sold for these payments. Find each in Stripe’s dashboard by its ids, refund it there, then dismiss
        it here.
      </p>
      <ul className="flex flex-col divide-y divide-line">
        {payments.map((payment) => (
          <li key={payment.checkoutId} className="flex flex-wrap items-start justify-between gap-3 py-3">
            <div className="flex min-w-0 flex-col gap-1 text-sm">
              <p>
                <strong>{amount(payment)}</strong>,{' '}
                <time dateTime={payment.receivedAt.toISOString()}>{messageTime(payment.receivedAt)}</time>
                {payment.orderId ? <> (named order {orderNumber(payment.orderId)})</> : null}
              </p>
              <p className="text-ink-soft">{payment.reason}</p>
              <p className="break-all font-mono text-xs">
                Checkout Session {payment.checkoutId}
                {payment.paymentId ? <>, Payment {payment.paymentId}</> : null}
              </p>
            </div>
            <DismissStray checkoutId={payment.checkoutId} />
          </li>
        ))}
      </ul>
    </section>
  );
}
