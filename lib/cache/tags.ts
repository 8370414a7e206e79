/**
 * Cache tags of public content. Every cached public read of database data carries `artworks`,
 * `redirects`, `stories`, `site-settings`, `shop` or `newsletter` (a read of one artwork carries
 * `artwork:<slug>` as well): the boot rule (lib/cache/tag-store.ts) expires those at every start.
 */
export const cacheTags = {
  /** Any list of artworks (gallery pages, home's latest collections, search, sitemap). */
  artworks: 'artworks',
  artwork: (slug: string) => `artwork:${slug}`,
  redirects: 'redirects',
  /** Any read of stories (the blog, its feed, the sitemap); one story's page carries `story:<slug>` too. */
  stories: 'stories',
  story: (slug: string) => `story:${slug}`,
  /** The owner's site-wide switches (lib/messages/settings.ts): the footer on every page reads them. */
  siteSettings: 'site-settings',
  /**
   * What the shop shows (lib/shop/public.ts): its listing and each artwork page's offer, always
   * read with siteSettings too. Invalidated by the owner's writes on /admin/shop and by whatever
   * changes what can be bought: a checkout holding an original, a payment, a release.
   */
  shop: 'shop',
  /** The public newsletter pages (/newsletter and each sent letter's web version): a letter that becomes 'sent' expires it. */
  newsletter: 'newsletter',
} as const;

/** The tags a change to these artworks (and, optionally, redirects) invalidates. */
export function publicContentTags(change: { slugs?: readonly string[]; redirects?: boolean } = {}): string[] {
  const tags: string[] = [cacheTags.artworks, ...(change.slugs ?? []).map(cacheTags.artwork)];
  if (change.redirects) tags.push(cacheTags.redirects);
  return [...new Set(tags)];
}

/**
 * The tags a change to what the shop shows invalidates (lib/shop/public.ts): the shop's always;
 * when originals were sold, the artworks' too (their availability now says Sold on every list,
 * page and in the sitemap).
 */
export function shopTags(change: { sold?: readonly string[] } = {}): string[] {
  return change.sold && change.sold.length > 0 ? [cacheTags.shop, cacheTags.artworks] : [cacheTags.shop];
}
