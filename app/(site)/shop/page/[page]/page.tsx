import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ShopListing } from '@/components/site/shop/shop-listing';
import { galleryPagePath } from '@/lib/paging';
import { pageMetadata } from '@/lib/seo/metadata';
import { loadShopPage } from '@/lib/shop/listing-page';

// As the gallery's pages: the whole page is static output, so a page past the end is a real 404.
export const ensureStatic = 'navigation';
// Blocking by design (see ensureStatic above), as app/(site)/gallery/[collection]/page/[page]/page.tsx.
export const instant = false;

type Props = { params: Promise<{ page: string }> };

// The shop is closed at build time on a new site: a sample page stands in, rendered (as a 404)
// like any page past the end, and rendered again once the shop's tags change.
export function generateStaticParams() {
  return [{ page: '2' }];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const loaded = await loadShopPage(null, (await params).page);
  if (!loaded) return { title: 'Page Not Found', robots: { index: false } };
  return pageMetadata({
    title: `Shop, page ${loaded.listing.page}`,
    description: 'Original watercolours, archival prints, cards and gifts by Elena Marsh.',
    path: galleryPagePath('/shop', loaded.listing.page),
  });
}

/** /shop/page/2 and on: the rest of the open shop, twelve to a page. */
export default async function ShopPageN({ params }: Props) {
  const loaded = await loadShopPage(null, (await params).page);
  if (!loaded) notFound();
  return <ShopListing listing={loaded.listing} filter={null} />;
}
