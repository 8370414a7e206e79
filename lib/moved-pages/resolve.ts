import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/cache/tags';
import { database } from '@/lib/database';
import { asVisitor } from '@/lib/db/roles';
import { isPlausibleSlug } from '@/lib/artworks/client';
import { isPlausibleStorySlug } from '@/lib/stories/client';
import { resolveRedirectWith } from './lookup';

/** The only paths a redirect is recorded for: an artwork's page, /gallery/{collection}/{slug}, and a story's, /blog/{slug}. */
export function isRedirectablePath(path: unknown): path is string {
  if (typeof path !== 'string') return false;
  const artwork = /^\/gallery\/([^/]+)\/([^/]+)$/.exec(path);
  if (artwork) return isPlausibleSlug(artwork[1]!) && isPlausibleSlug(artwork[2]!);
  const story = /^\/blog\/([^/]+)$/.exec(path);
  return Boolean(story && isPlausibleStorySlug(story[1]!));
}

/**
 * Where a recorded old path now lives (chains collapsed), or null. Cached until a redirect, an
 * artwork or a story changes: "stop at a live page" depends on those too.
 */
export async function resolveRedirect(path: string): Promise<string | null> {
  'use cache';
  cacheLife('max');
  cacheTag(cacheTags.redirects, cacheTags.artworks, cacheTags.stories);
  // Callable with any argument as a reference Next exposes: anything but an artwork path is
  // answered without a query.
  if (!isRedirectablePath(path)) return null;
  const db = await database();
  return asVisitor(db, (tx) => resolveRedirectWith(tx, path));
}
