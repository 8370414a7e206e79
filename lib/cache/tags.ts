/** Cache tags of public content. Every cached public read is tagged with one of these. */
export const cacheTags = {
  /** Any list of artworks (gallery pages, home's latest collections, search, sitemap). */
  artworks: 'artworks',
  artwork: (slug: string) => `artwork:${slug}`,
  redirects: 'redirects',
} as const;
