import type { Metadata } from 'next';
import { z } from 'zod';
import { AdminPage } from '@/components/admin/admin-shell';
import { ArchiveButton } from '@/components/admin/shop/archive-button';
import { ProductForm } from '@/components/admin/shop/product-form';
import { VariantForm } from '@/components/admin/shop/variant-form';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';
import { productKinds, weightClasses } from '@/lib/db/schema';
import { artworkChoices, kindNames, readProduct, weightNames } from '@/lib/shop/catalogue';
import { penceToPounds } from '@/lib/shop/money';

export const metadata: Metadata = { title: { absolute: 'Shop - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

type Params = Promise<{ id: string }>;

export default function ProductPage({ params }: { params: Params }) {
  return (
    <AdminPage title="Edit Product" back={[{ href: '/admin/shop', label: 'Back to Shop & Payments' }]}>
      <Product params={params} />
    </AdminPage>
  );
}

const weights = weightClasses.map((weight) => ({ value: weight, label: weightNames[weight] }));

async function Product({ params }: { params: Params }) {
  const [ctx, { id }] = await Promise.all([adminForPage(), params]);
  if (!ctx) return null;
  const product = z.uuid().safeParse(id).success ? await readProduct(ctx.db, id) : null;
  if (!product)
    return (
      <p className="rounded-card border border-dashed border-line bg-white p-8 text-center text-ink-soft">
        This product does not exist.
      </p>
    );
  const artworks = await artworkChoices(ctx.db, product.artworkId);
  // Keyed on what was saved: after a save the page's refresh draws each form from the new values.
  const version = (values: object) => JSON.stringify(values);
  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="product-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="product-heading" className="font-serif text-2xl">
            {product.title}
            {product.archived ? (
              <span className="ml-2 rounded-full bg-line px-2 py-0.5 align-middle text-xs font-normal">Archived</span>
            ) : null}
          </h2>
          <ArchiveButton productId={product.id} archived={product.archived} name={product.title} />
        </div>
        {product.archived ? (
          <p className="text-sm text-ink-soft">
            Archived: not for sale, and not shown in the shop. Orders that bought it keep it.
          </p>
        ) : null}
        <ProductForm
          key={version([product.kind, product.title, product.description, product.artworkId])}
          product={{
            id: product.id,
            kind: product.kind,
            title: product.title,
            description: product.description,
            artworkId: product.artworkId ?? '',
          }}
          kinds={productKinds.map((kind) => ({ value: kind, label: kindNames[kind] }))}
          artworks={artworks}
        />
      </section>
      <section aria-labelledby="variants-heading" className="flex flex-col gap-4">
        <h2 id="variants-heading" className="font-serif text-2xl">
          Variants
        </h2>
        <p className="text-sm text-ink-soft">
          Each size or version for sale, with its own price in pounds (e.g. 35.00), stock (empty: made to order) and
          weight class for delivery. Archive a variant to stop selling it.
        </p>
        {product.variants.length === 0 ? (
          <p className="text-sm text-ink-soft">No variants yet: add the first below.</p>
        ) : null}
        {product.variants.map((variant) => (
          <VariantForm
            key={version(variant)}
            productId={product.id}
            weights={weights}
            variant={{
              id: variant.id,
              label: variant.label,
              sku: variant.sku ?? '',
              price: penceToPounds(variant.pricePence),
              stock: variant.stock === null ? '' : String(variant.stock),
              weightClass: variant.weightClass,
              archived: variant.archived,
            }}
          />
        ))}
        <h3 className="font-medium">Add a variant</h3>
        <VariantForm productId={product.id} weights={weights} />
      </section>
    </div>
  );
}
