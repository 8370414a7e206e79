import Link from 'next/link';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatPrice } from '@/lib/price';
import {
  kindNames,
  paymentsStatusText,
  stripeWebhookEvents,
  type PaymentsStatus,
  type ProductWithVariants,
} from '@/lib/shop/catalogue';

/**
 * The server-drawn parts of /admin/shop (docs/product.md, Shop & Payments): what Stripe's
 * status is and how payments are set up, and the list of products.
 */
export function PaymentsPanel({ status, webhookUrl }: { status: PaymentsStatus; webhookUrl: string }) {
  return (
    <section aria-labelledby="payments-heading" className="rounded-card border border-line bg-white p-5 sm:p-6">
      <h2 id="payments-heading" className="font-serif text-2xl">
        {paymentsStatusText(status)}
      </h2>
      {status.connected ? (
        <p className="mt-2 text-sm text-ink-soft">
          Stripe sends its events to <code className="break-all">{webhookUrl}</code>. Buyers pay on Stripe’s own page;
          refunds are made in Stripe’s dashboard.
        </p>
      ) : (
        <div className="mt-3 flex flex-col gap-3 text-sm text-ink">
          <h3 className="font-medium">Setting up payments</h3>
          <p className="text-ink-soft">
            Buyers pay through Stripe Checkout. Until payments are set up, the shop cannot be opened. Whoever runs the
            site sets them up:
          </p>
          {/* Event names and the webhook URL are long single words: let them break to fit a phone. */}
          <ol className="flex list-decimal flex-col gap-2 pl-5 [overflow-wrap:anywhere]">
            <li>
              In Stripe’s dashboard (in test mode first), copy the secret key (<code>sk_test_…</code>) into the
              environment variable <code>STRIPE_SECRET_KEY</code>.
            </li>
            <li>
              Add a webhook endpoint at <code>{webhookUrl}</code> for the events{' '}
              {stripeWebhookEvents.map((event, i) => (
                <span key={event}>
                  <code>{event}</code>
                  {i < stripeWebhookEvents.length - 2 ? ', ' : i === stripeWebhookEvents.length - 2 ? ' and ' : ''}
                </span>
              ))}
              , and copy its signing secret (<code>whsec_…</code>) into <code>STRIPE_WEBHOOK_SECRET</code>.
            </li>
            <li>
              Restart the site with both set. This page then says “Payments: connected”, and the shop can be opened.
            </li>
          </ol>
          <p className="text-ink-soft">
            The full steps are in the site’s documentation: <code>docs/operations.md</code>, “Payments”.
          </p>
        </div>
      )}
    </section>
  );
}

/** Price range of the variants on sale: '£35.00' or '£12.00 – £55.00'. */
function priceRange(product: ProductWithVariants): string {
  const prices = product.variants.filter((variant) => !variant.archived).map((variant) => variant.pricePence);
  if (prices.length === 0) return '—';
  const [low, high] = [Math.min(...prices), Math.max(...prices)].map((pence) => formatPrice(pence / 100));
  return low === high ? low! : `${low} – ${high}`;
}

export function ProductList({ products }: { products: ProductWithVariants[] }) {
  if (products.length === 0)
    return (
      <p className="rounded-card border border-dashed border-line bg-white p-8 text-center text-ink-soft">
        No products yet. Add prints, cards, coasters or gifts to sell.
      </p>
    );
  return (
    <Table>
      <caption className="sr-only">Products</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Product</TableHead>
          <TableHead>Kind</TableHead>
          <TableHead>Made from</TableHead>
          <TableHead>Variants</TableHead>
          <TableHead>Price</TableHead>
          <TableHead>Status</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {products.map((product) => {
          const onSale = product.variants.filter((variant) => !variant.archived).length;
          return (
            <TableRow key={product.id}>
              <TableCell>
                <Link
                  href={`/admin/shop/products/${product.id}`}
                  prefetch={false}
                  className="font-medium text-wash underline underline-offset-4 hover:text-wash-deep"
                >
                  {product.title}
                </Link>
              </TableCell>
              <TableCell>{kindNames[product.kind]}</TableCell>
              <TableCell>{product.artworkTitle ?? '—'}</TableCell>
              <TableCell>
                {onSale}
                {product.variants.length > onSale ? ` (+${product.variants.length - onSale} archived)` : ''}
              </TableCell>
              <TableCell className="whitespace-nowrap">{priceRange(product)}</TableCell>
              <TableCell>{product.archived ? 'Archived' : onSale ? 'For sale' : 'No variants for sale'}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
