import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ShopListing } from '@/components/site/shop/shop-listing';
import { pageMetadata } from '@/lib/seo/metadata';
import { shopCatalogue } from '@/lib/shop/public';
import { isShopFilter, SHOP_FILTERS, shopPage } from '@/lib/shop/storefront';

// As the gallery's collections: the whole page is static output, so an unknown segment's 404 is real.
export const ensureStatic = 'navigation';
// Blocking by design (see ensureStatic above), as app/(site)/gallery/[collection]/page.tsx.
export const instant = false;

type Props = { params: Promise<{ filter: string }> };

export function generateStaticParams() {
  return Object.keys(SHOP_FILTERS).map((filter) => ({ filter }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { filter } = await params;
  if (!isShopFilter(filter) || !(await shopCatalogue())) return { title: 'Page Not Found', robots: { index: false } };
  const label = SHOP_FILTERS[filter].label;
  return pageMetadata({
    title: `${label} · Shop`,
    description: `${label} by Elena Marsh, from her South London studio: watercolours sent to the UK, Europe and beyond.`,
    path: `/shop/${filter}`,
  });
}

/** /shop/originals, /shop/prints, /shop/cards, /shop/gifts: the shop filtered; not found while it is closed. */
export default async function ShopFilterPage({ params }: Props) {
  const { filter } = await params;
  if (!isShopFilter(filter)) notFound();
  const catalogue = await shopCatalogue();
  if (!catalogue) notFound();
  return <ShopListing listing={shopPage(catalogue, filter, 1)!} filter={filter} />;
}
