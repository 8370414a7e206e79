import { revalidateTag, updateTag } from 'next/cache';
import { cacheTags, publicContentTags, shopTags } from './tags';

/**
 * The one place that expires cache tags (eslint.config.mjs forbids next/cache's expiry calls
 * anywhere else): each write names what it changed and the tags follow from it, so no write
 * forgets one. From a server action it uses updateTag (the caller's next read is fresh); from a
 * route handler, revalidateTag with immediate expiry. Next hands every such call to the cache
 * handlers (cache-handlers/), which record it in app_private.cache_tags before the response is
 * sent: the invalidation survives a restart and every server on the same database honours it on
 * its next request (lib/cache/tag-store.ts).
 */
export type InvalidationContext = 'action' | 'route';

/** Every artwork or redirect write. */
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

/**
 * What can be bought changed: a checkout holding an original, a payment, a release; with the
 * originals it sold, their artworks' pages too (lib/cache/tags.ts, shopTags).
 */
export function invalidateShop(change: { sold?: readonly string[] } = {}, context: InvalidationContext = 'action') {
  invalidate(shopTags(change), context);
}

/** The owner's shop catalogue (products, variants, delivery): artwork pages show what is made from them. */
export function invalidateShopCatalogue() {
  invalidate([cacheTags.shop, cacheTags.artworks], 'action');
}

/** The owner's site-wide switches (lib/messages/settings.ts), which the footer on every page reads. */
export function invalidateSiteSettings() {
  invalidate([cacheTags.siteSettings], 'action');
}

/** The public newsletter pages: a letter was sent, or a sent letter changed. */
export function invalidateNewsletter(context: InvalidationContext = 'action') {
  invalidate([cacheTags.newsletter], context);
}

/**
 * The tags a scheduled job reports (lib/cron/port.ts, JobContext), from the route Vercel Cron
 * calls: the job knows what it changed, the scheduler only where it runs.
 */
export function invalidateJobTags(tags: readonly string[]) {
  invalidate(tags, 'route');
}

/**
 * The same from a Node server's timer, outside any request, where Next has no revalidateTag:
 * through the cache handlers' store, in this process's map and, by the database, in every other
 * server's. Loaded on first use, so the bundles of actions and routes do not carry it.
 */
export async function invalidateJobTagsOutsideRequest(tags: string[]) {
  const { expireTagsNow } = await import('../../cache-handlers/tag-sync.mjs');
  await expireTagsNow(tags);
}

function invalidate(tags: readonly string[], context: InvalidationContext) {
  for (const tag of new Set(tags)) {
    if (context === 'action') updateTag(tag);
    else revalidateTag(tag, { expire: 0 });
  }
}
