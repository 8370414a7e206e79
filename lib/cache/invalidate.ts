import { revalidateTag, updateTag } from 'next/cache';
import { cacheTags, publicContentTags } from './tags';

/**
 * The one helper every artwork or redirect write calls, so no write forgets a tag. From a
 * server action it uses updateTag (the caller's next read is fresh); from a route handler,
 * revalidateTag with immediate expiry. Next hands every such call to the cache handlers
 * (cache-handlers/), which record it in app_private.cache_tags before the response is sent:
 * the invalidation survives a restart and every server on the same database honours it on
 * its next request (lib/cache/tag-store.ts).
 */
export type InvalidationContext = 'action' | 'route';

export function invalidatePublicContent(
  change: { slugs?: string[]; redirects?: boolean } = {},
  context: InvalidationContext = 'action',
) {
  invalidate(publicContentTags(change), context);
}

/**
 * The same for stories: every story list (the blog, its feed, the sitemap, search), the pages
 * of these slugs, and the redirects, which stop at a live story.
 */
export function invalidateStories(slugs: readonly string[], context: InvalidationContext = 'action') {
  invalidate([cacheTags.stories, cacheTags.redirects, ...slugs.map(cacheTags.story)], context);
}

function invalidate(tags: readonly string[], context: InvalidationContext) {
  for (const tag of new Set(tags)) {
    if (context === 'action') updateTag(tag);
    else revalidateTag(tag, { expire: 0 });
  }
}
