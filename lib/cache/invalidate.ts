import { revalidateTag, updateTag } from 'next/cache';
import { cacheTags } from './tags';

/**
 * The one helper every artwork or redirect write calls, so no write forgets a tag. From a
 * server action it uses updateTag (the caller's next read is fresh); from a route handler,
 * revalidateTag with immediate expiry. Durability across restarts and servers comes from the
 * cache handlers, which record every tag invalidation in app_private.cache_tags.
 */
export type InvalidationContext = 'action' | 'route';

export function invalidatePublicContent(change: { slugs?: string[]; redirects?: boolean } = {}, context: InvalidationContext = 'action') {
  const tags: string[] = [cacheTags.artworks, ...(change.slugs ?? []).map(cacheTags.artwork)];
  if (change.redirects) tags.push(cacheTags.redirects);
  for (const tag of new Set(tags)) {
    if (context === 'action') updateTag(tag);
    else revalidateTag(tag, { expire: 0 });
  }
}
