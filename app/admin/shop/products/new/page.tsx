import type { Metadata } from 'next';
import { AdminPage } from '@/components/admin/admin-shell';
import { FreshEachVisit } from '@/components/admin/fresh-each-visit';
import { ProductForm } from '@/components/admin/shop/product-form';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';
import { productKinds } from '@/lib/db/schema';
import { artworkChoices, kindNames } from '@/lib/shop/catalogue';

export const metadata: Metadata = { title: { absolute: 'Shop - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

export default function NewProductPage() {
  return (
    <AdminPage title="Add a Product" back={[{ href: '/admin/shop', label: 'Back to Shop & Payments' }]}>
      <NewProduct />
    </AdminPage>
  );
}

async function NewProduct() {
  const ctx = await adminForPage();
  if (!ctx) return null;
  const artworks = await artworkChoices(ctx.db);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink-soft">
        Once the product is added, give it its variants: sizes or versions, each with its price and stock.
      </p>
      <FreshEachVisit>
        <ProductForm
          product={{ kind: 'print', title: '', description: '', artworkId: '' }}
          kinds={productKinds.map((kind) => ({ value: kind, label: kindNames[kind] }))}
          artworks={artworks}
        />
      </FreshEachVisit>
    </div>
  );
}
