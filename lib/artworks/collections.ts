import { categories, categoryFromSlug, categorySlug, type Category } from '@/lib/categories';

/** What a /gallery/{collection} segment names. */
export type Collection =
  | { kind: 'all'; slug: 'all'; name: 'All Artworks' }
  | { kind: 'category'; slug: string; name: Category; category: Category };

export const ALL_COLLECTION: Collection = { kind: 'all', slug: 'all', name: 'All Artworks' };

/**
 * Old or short collection links kept working: the home page links to /gallery/sanctuaries
 * (docs/product.md, Public routes).
 */
export const collectionAliases: Record<string, string> = { sanctuaries: 'sanctuaries-of-the-mind' };

export type CollectionMatch = { found: Collection } | { redirectTo: string } | null;

/** The collection a path segment names, the segment it moved to, or null (a 404). */
export function matchCollection(segment: string): CollectionMatch {
  if (segment === 'all') return { found: ALL_COLLECTION };
  const category = categoryFromSlug(segment);
  if (category) return { found: { kind: 'category', slug: segment, name: category, category } };
  const alias = Object.hasOwn(collectionAliases, segment) ? collectionAliases[segment] : undefined;
  return alias ? { redirectTo: alias } : null;
}

/** Every collection, 'all' first: navigation, static params, the sitemap. */
export function listCollections(): Collection[] {
  return [
    ALL_COLLECTION,
    ...categories.map((category) => ({
      kind: 'category' as const,
      slug: categorySlug(category),
      name: category,
      category,
    })),
  ];
}
