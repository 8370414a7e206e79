import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/cache/tags';
import { database } from '@/lib/database';
import { logger } from '@/lib/log/logger';
import { DEFAULT_DISCOUNT, discountWords, readDiscountSettings, type DiscountSettings } from './discount-settings';

/**
 * What the newsletter brings, in the words a visitor is promised (docs/product.md, Newsletter):
 * "new paintings, exhibitions and 20% off prints", the discount as the owner sets it, and no
 * discount named while it is off.
 */
export function newsletterPromise(settings: DiscountSettings): string {
  return settings.on && settings.kinds.length > 0
    ? `new paintings, exhibitions and ${discountWords(settings)}`
    : 'new paintings and exhibitions';
}

/**
 * The promise as public pages read it: cached under the site settings' tag, which a change of
 * the discount expires. When the database cannot be read, a new site's words for a minute.
 */
export async function publicNewsletterPromise(): Promise<string> {
  'use cache';
  cacheTag(cacheTags.siteSettings);
  try {
    const words = newsletterPromise(await readDiscountSettings(await database()));
    cacheLife('max');
    return words;
  } catch (error) {
    logger.warn({ feature: 'newsletter', err: error }, 'could not read the discount; promising the default');
    cacheLife('seconds');
    return newsletterPromise(DEFAULT_DISCOUNT);
  }
}
