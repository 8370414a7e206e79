import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/cache/tags';
import { database } from '@/lib/db';
import { asVisitor } from '@/lib/db/roles';
import { isPlausibleSlug } from '@/lib/artworks/slug-guard';
import { resolveRedirectWith } from './lookup';

/** The only paths a redirect is recorded for: an artwork's page, /gallery/{collection}/{slug}. */
export function isRedirectablePath(path: unknown): path is string {
  if (typeof path !== 'string') return false;
  const parts = /^\/gallery\/([^/]+)\/([^/]+)$/.exec(path);
  return Boolean(parts && isPlausibleSlug(parts[1]!) && isPlausibleSlug(parts[2]!));
}

/**
 * Where a recorded old path now lives (chains collapsed), or null. Cached until a redirect or
 * an artwork changes: both tags, since "stop at a live artwork" depends on the artworks too.
 */
export async function resolveRedirect(path: string): Promise<string | null> {
  'use cache';
  cacheLife('max');
  cacheTag(cacheTags.redirects, cacheTags.artworks);
  // Callable with any argument as a reference Next exposes: anything but an artwork path is
  // answered without a query.
  if (!isRedirectablePath(path)) return null;
  const db = await database();
  return asVisitor(db, (tx) => resolveRedirectWith(tx, path));
}
