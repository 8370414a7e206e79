import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { IntentLink } from '@/components/site/intent-link';
import { PageHeader } from '@/components/site/page-header';
import { minusPence, orderDiscountLabel } from '@/lib/shop/discount';
import { formatPence } from '@/lib/shop/money';
import { buttonVariants } from '@/components/ui/button-variants';
import { database } from '@/lib/database';
import { checkoutIdSchema, readBuyerOrder, returnKeySchema, type BuyerOrder } from '@/lib/shop/order-status';

export const metadata: Metadata = { title: 'Thank You', robots: { index: false, follow: false } };
// The buyer's own order, read per request as it stands now.
export const instant = false;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * After Stripe Checkout (through app/api/shop/return/route.ts): what the order really is now.
 * Paid: thanks, what was bought and where the confirmation went. Still pending (the payment is
 * being confirmed): says so, with a way to look again. Closed unpaid: nothing was charged.
 */
export default async function ThankYouPage({ searchParams }: Props) {
  await connection();
  const params = await searchParams;
  const checkoutId = checkoutIdSchema.safeParse(params.checkout);
  // The checkout's secret, from the way back: without it the page says nothing of who bought.
  const key = returnKeySchema.safeParse(params.key);
  const order = checkoutId.success
    ? await readBuyerOrder(await database(), checkoutId.data, key.success ? key.data : null)
    : null;
  if (!order || !checkoutId.success) notFound();
  const again = `/shop/thank-you?checkout=${encodeURIComponent(checkoutId.data)}${key.success ? `&key=${encodeURIComponent(key.data)}` : ''}`;
  if (order.status === 'processing') {
    return (
      <>
        <PageHeader eyebrow="Shop" title="Thank You: Your Payment Is on Its Way">
          <p>
            Your bank payment has been set up. Banks take a few working days to confirm it; I’ll email you as soon as it
            clears, and your order is kept for you until then.
          </p>
        </PageHeader>
        <OrderSummary order={order} />
      </>
    );
  }
  if (order.status === 'pending') {
    return (
      <>
        <PageHeader eyebrow="Shop" title="Confirming Your Payment">
          <p>Stripe is confirming your payment; this usually takes a few seconds. Nothing more to do on your side.</p>
        </PageHeader>
        <div className="mx-auto max-w-3xl px-4 py-12 text-center sm:px-6">
          <a href={again} className={buttonVariants()}>
            Check again
          </a>
        </div>
      </>
    );
  }
  if (order.status === 'expired') {
    return (
      <>
        <PageHeader eyebrow="Shop" title="Checkout Not Completed">
          <p>This checkout closed before it was paid. Nothing was charged.</p>
        </PageHeader>
        <div className="mx-auto max-w-3xl px-4 py-12 text-center sm:px-6">
          <IntentLink href="/shop" className={buttonVariants()}>
            Back to the Shop
          </IntentLink>
        </div>
      </>
    );
  }
  return (
    <>
      <PageHeader eyebrow="Shop" title="Thank You for Your Order">
        <p>
          {order.status === 'refunded'
            ? (order.refundReason ?? 'This order has been refunded.')
            : `Your payment has been received.${order.email ? ` A confirmation is on its way to ${order.email}.` : ''} I’ll email you again when your parcel is on its way.`}
        </p>
      </PageHeader>
      <OrderSummary order={order} />
    </>
  );
}

function OrderSummary({ order }: { order: BuyerOrder }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h2 className="text-2xl">Your order</h2>
      <ul className="mt-4 divide-y divide-line rounded-card border border-line bg-white">
        {order.lines.map((line, index) => (
          <li key={index} className="flex justify-between gap-4 p-4">
            <span>
              {line.title}
              {line.quantity > 1 ? ` × ${line.quantity}` : ''}
            </span>
            <span className="font-serif whitespace-nowrap">
              {line.listUnitPence !== null ? (
                <>
                  <span className="sr-only">Was </span>
                  <s className="text-ink-soft">{formatPence(line.listUnitPence * line.quantity)}</s>{' '}
                  <span className="sr-only">now </span>
                </>
              ) : null}
              {formatPence(line.unitPence * line.quantity)}
            </span>
          </li>
        ))}
      </ul>
      <dl className="mt-6 grid grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-right">
        {order.discountPence > 0 && (
          <>
            <dt className="text-ink-soft">{orderDiscountLabel(order.discountCode)}</dt>
            <dd className="font-serif">{minusPence(order.discountPence)}</dd>
          </>
        )}
        <dt className="text-ink-soft">Subtotal</dt>
        <dd className="font-serif">{formatPence(order.subtotalPence)}</dd>
        {order.shippingPence !== null && (
          <>
            <dt className="text-ink-soft">Delivery</dt>
            <dd className="font-serif">{formatPence(order.shippingPence)}</dd>
          </>
        )}
        {order.totalPence !== null && (
          <>
            <dt className="font-medium text-ink">
              {order.status === 'processing' ? 'Total (being paid by bank debit)' : 'Total paid'}
            </dt>
            <dd className="font-serif text-xl">{formatPence(order.totalPence)}</dd>
          </>
        )}
      </dl>
      <div className="mt-10 text-center">
        <IntentLink href="/gallery" className={buttonVariants({ variant: 'secondary' })}>
          Back to the Gallery
        </IntentLink>
      </div>
    </div>
  );
}
