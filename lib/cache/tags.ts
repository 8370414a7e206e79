/**
 * Cache tags of public content. Every cached public read of database data carries `artworks`
 * or `redirects` (a read of one artwork carries `artwork:<slug>` as well): the boot rule
 * (lib/cache/tag-store.ts) expires those two at every start.
 */
export const cacheTags = {
  /** Any list of artworks (gallery pages, home's latest collections, search, sitemap). */
  artworks: 'artworks',
  artwork: (slug: string) => `artwork:${slug}`,
  redirects: 'redirects',
} as const;

/** The tags a change to these artworks (and, optionally, redirects) invalidates. */
export function publicContentTags(change: { slugs?: readonly string[]; redirects?: boolean } = {}): string[] {
  const tags: string[] = [cacheTags.artworks, ...(change.slugs ?? []).map(cacheTags.artwork)];
  if (change.redirects) tags.push(cacheTags.redirects);
  return [...new Set(tags)];
}
