import { cacheLife, cacheTag } from 'next/cache';
import { z } from 'zod';
import { cacheTags } from '@/lib/cache/tags';
import { database } from '@/lib/database';
import { logger } from '@/lib/log/logger';
import { readArtworkOffer, readShopCatalogue, type ArtworkOffer, type ShopCatalogue } from './storefront';

/**
 * The shop as public pages read it: cached and tagged, so the pages stay static. Both carry the
 * site settings' tag (the "Open the shop" switch; also what the boot rule expires), the artworks'
 * (an original's price, whether it is for sale or published: every artwork write invalidates it)
 * and the shop's own, which every change to what the shop shows invalidates: the owner's edits,
 * a checkout holding an original, a payment, a release (lib/cache/invalidate.ts). While the shop is closed
 * both are null and the pages are exactly as before the shop existed; when the database cannot be
 * read they are null for a minute, which is the closed shop's page, rather than an error.
 */
export async function shopCatalogue(): Promise<ShopCatalogue | null> {
  'use cache';
  cacheTag(cacheTags.siteSettings, cacheTags.shop, cacheTags.artworks);
  try {
    const catalogue = await readShopCatalogue(await database());
    cacheLife('max');
    return catalogue;
  } catch (error) {
    logger.warn({ feature: 'shop', err: error }, 'could not read the shop; showing it as closed');
    cacheLife('seconds');
    return null;
  }
}

/** `artworkId` comes from the page, but 'use cache' functions are callable with any argument: checked here. */
export async function artworkOffer(artworkId: string): Promise<ArtworkOffer | null> {
  'use cache';
  cacheTag(cacheTags.siteSettings, cacheTags.shop, cacheTags.artworks);
  if (!z.uuid().safeParse(artworkId).success) return null;
  try {
    const offer = await readArtworkOffer(await database(), artworkId);
    cacheLife('max');
    return offer;
  } catch (error) {
    logger.warn({ feature: 'shop', err: error }, "could not read an artwork's offer; showing the page without it");
    cacheLife('seconds');
    return null;
  }
}
