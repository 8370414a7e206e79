import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ShopListing } from '@/components/site/shop/shop-listing';
import { galleryPagePath } from '@/lib/paging';
import { pageMetadata } from '@/lib/seo/metadata';
import { loadShopPage } from '@/lib/shop/listing-page';
import { SHOP_FILTERS } from '@/lib/shop/storefront';

// As the gallery's pages: the whole page is static output, so a page past the end is a real 404.
export const ensureStatic = 'navigation';
// Blocking by design (see ensureStatic above), as app/(site)/gallery/[collection]/page/[page]/page.tsx.
export const instant = false;

type Props = { params: Promise<{ filter: string; page: string }> };

// Closed at build time on a new site: a sample page per filter stands in (a 404 until the shop has that many).
export function generateStaticParams() {
  return Object.keys(SHOP_FILTERS).map((filter) => ({ filter, page: '2' }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { filter, page } = await params;
  const loaded = await loadShopPage(filter, page);
  if (!loaded?.filter) return { title: 'Page Not Found', robots: { index: false } };
  const label = SHOP_FILTERS[loaded.filter].label;
  return pageMetadata({
    title: `${label} · Shop, page ${loaded.listing.page}`,
    description: `${label} by Elena Marsh, from her South London studio.`,
    path: galleryPagePath(`/shop/${loaded.filter}`, loaded.listing.page),
  });
}

/** /shop/prints/page/2 and on: a filtered shop past its first twelve. */
export default async function ShopFilterPageN({ params }: Props) {
  const { filter, page } = await params;
  const loaded = await loadShopPage(filter, page);
  if (!loaded) notFound();
  return <ShopListing listing={loaded.listing} filter={loaded.filter} />;
}
