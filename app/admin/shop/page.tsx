import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminPage } from '@/components/admin/admin-shell';
import { OriginalsNotOffered } from '@/components/admin/shop/originals-not-offered';
import { ShippingForm } from '@/components/admin/shop/shipping-form';
import { ShopSwitch } from '@/components/admin/shop/shop-switch';
import { PaymentsPanel, ProductList } from '@/components/admin/shop/shop-view';
import { buttonVariants } from '@/components/ui/button';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';
import { shippingZones, weightClasses } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { payments } from '@/lib/payments';
import {
  listOriginalsNotOffered,
  listProducts,
  paymentsStatus,
  readShippingRates,
  readShopOpen,
  stripeWebhookUrl,
  weightNames,
  zoneNames,
} from '@/lib/shop/catalogue';
import { penceToPounds } from '@/lib/shop/money';

export const metadata: Metadata = { title: { absolute: 'Shop - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

export default function ShopPage() {
  return (
    <AdminPage
      title="Shop & Payments"
      back={[{ href: '/admin', label: 'Back to Dashboard' }]}
      actions={
        <Link href="/admin/shop/products/new" prefetch={false} className={buttonVariants()}>
          Add a Product
        </Link>
      }
    >
      <Shop />
    </AdminPage>
  );
}

async function Shop() {
  const ctx = await adminForPage();
  if (!ctx) return null;
  const config = env();
  const [open, products, rates, notOffered] = await Promise.all([
    readShopOpen(ctx.db),
    listProducts(ctx.db),
    readShippingRates(ctx.db),
    listOriginalsNotOffered(ctx.db),
  ]);
  const values = Object.fromEntries(
    rates.map((rate) => [`${rate.zone}.${rate.weightClass}`, penceToPounds(rate.amountPence)]),
  );
  return (
    <div className="flex flex-col gap-10">
      <div className="flex flex-col gap-4">
        <ShopSwitch open={open} canOpen={payments() !== null} />
        <PaymentsPanel status={paymentsStatus(config)} webhookUrl={stripeWebhookUrl(config.SITE_URL)} />
      </div>
      <section aria-labelledby="products-heading" className="flex flex-col gap-4">
        <h2 id="products-heading" className="font-serif text-2xl">
          Products
        </h2>
        <p className="text-sm text-ink-soft">
          Prints, cards, coasters and gifts, each with its sizes or versions (variants). Originals are sold from their
          artworks: price and For sale in Manage Artworks.
        </p>
        <ProductList products={products} />
      </section>
      <section aria-labelledby="not-offered-heading" className="flex flex-col gap-4">
        <h2 id="not-offered-heading" className="font-serif text-2xl">
          Originals not in the shop
        </h2>
        <p className="text-sm text-ink-soft">
          Paintings marked For sale that the shop cannot sell: it sells an original at a price in pounds (£450 or 450).
          Visitors can still enquire about them.
        </p>
        <OriginalsNotOffered originals={notOffered} />
      </section>
      <section aria-labelledby="delivery-heading" className="flex flex-col gap-4">
        <h2 id="delivery-heading" className="font-serif text-2xl">
          Delivery prices
        </h2>
        <p className="text-sm text-ink-soft">
          In pounds, by where it goes and the weight class of the heaviest item in the order (an original travels as a
          large parcel). 0 is free delivery.
        </p>
        <ShippingForm
          zones={shippingZones.map((zone) => ({ value: zone, label: zoneNames[zone] }))}
          weights={weightClasses.map((weight) => ({ value: weight, label: weightNames[weight] }))}
          rates={values}
        />
      </section>
    </div>
  );
}
