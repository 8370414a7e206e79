/** A story's public address. */
export const storyPath = (slug: string) => `/blog/${slug}`;

/** Longest story slug: new ones are cut to 58 (lib/slug.ts), two seeded slugs are 60. */
export const STORY_SLUG_MAX = 100;

/**
 * Whether a URL segment could be a story's slug: lowercase letters, digits and single hyphens.
 * Anything else is answered "not found" without a query (NUL bytes, 2,000 characters).
 */
export function isPlausibleStorySlug(segment: unknown): segment is string {
  return (
    typeof segment === 'string' &&
    segment.length > 0 &&
    segment.length <= STORY_SLUG_MAX &&
    /^[a-z0-9]+(-[a-z0-9]+)*$/.test(segment)
  );
}
