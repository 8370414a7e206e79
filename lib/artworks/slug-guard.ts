import { SLUG_MAX } from '@/lib/slug';

/**
 * Whether a URL segment could be an artwork slug. Slugs are made by lib/slug.ts (lowercase
 * letters, digits, hyphens, at most 58), so anything else is answered "not found" without a
 * query; it also keeps NUL bytes, which Postgres text cannot hold, away from the database.
 */
export function isPlausibleSlug(segment: string): boolean {
  return segment.length > 0 && segment.length <= SLUG_MAX && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(segment);
}
