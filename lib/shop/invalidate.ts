import { revalidateTag, updateTag } from 'next/cache';
import { cacheTags } from '@/lib/cache/tags';
import type { InvalidationContext } from '@/lib/cache/invalidate';

/**
 * What the shop's public reads (lib/shop/public.ts) must forget after a change to what it shows:
 * the shop's tag always; when originals were sold, the artworks too (their availability now says
 * Sold on every list, page and in the sitemap). From an action, updateTag; from a route handler,
 * revalidateTag with immediate expiry (as lib/cache/invalidate.ts does for every other write).
 */
export function shopTagsFor(change: { sold?: readonly string[] } = {}): string[] {
  return change.sold && change.sold.length > 0 ? [cacheTags.shop, cacheTags.artworks] : [cacheTags.shop];
}

export function invalidateShop(
  change: { sold?: readonly string[] } = {},
  context: InvalidationContext = 'action',
): void {
  for (const tag of shopTagsFor(change)) {
    if (context === 'action') updateTag(tag);
    else revalidateTag(tag, { expire: 0 });
  }
}
