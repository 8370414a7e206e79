import { parsePageSegment } from '@/lib/paging';
import { shopCatalogue } from './public';
import { isShopFilter, shopPage, type ShopFilter, type ShopPage } from './storefront';

/**
 * A page of the shop from its address's segments: `/shop/page/2` (everything) or
 * `/shop/prints/page/2`. Null (not found) for an unknown filter, a page segment that is not a
 * plain number, a page past the end, or a closed shop.
 */
export async function loadShopPage(
  filterSegment: string | null,
  pageSegment: string,
): Promise<{ listing: ShopPage; filter: ShopFilter | null } | null> {
  if (filterSegment !== null && !isShopFilter(filterSegment)) return null;
  const page = parsePageSegment(pageSegment);
  if (page === null || page < 2) return null;
  const catalogue = await shopCatalogue();
  const listing = catalogue ? shopPage(catalogue, filterSegment, page) : null;
  return listing ? { listing, filter: filterSegment } : null;
}
