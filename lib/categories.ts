export const categories = [
  'Sanctuaries of the Mind',
  'Landscapes',
  'Seascapes',
  'Animals',
  'Florals',
  'Buildings',
] as const;
export type Category = (typeof categories)[number];

/** The blog's three categories (docs/product.md, Blog), in the order the filter shows them. */
export const storyCategories = ['Sanctuaries of the Mind', 'Techniques', 'Inspiration'] as const;

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (categories as readonly string[]).includes(value);
}

/**
 * The category's path segment: lowercase, spaces to hyphens, other characters stripped,
 * 'general' if nothing is left. One function for gallery links, upload paths and redirects.
 */
export function categorySlug(category: string | null | undefined): string {
  const slug = (category ?? '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return slug || 'general';
}

export function categoryFromSlug(slug: string): Category | undefined {
  return categories.find((category) => categorySlug(category) === slug);
}

export function artworkPath(artwork: { category: string | null; slug: string }): string {
  return `/gallery/${categorySlug(artwork.category)}/${artwork.slug}`;
}
