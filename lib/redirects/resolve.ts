import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/cache/tags';
import { database } from '@/lib/db';
import { asVisitor } from '@/lib/db/roles';
import { resolveRedirectWith } from './lookup';

/**
 * Where a recorded old path now lives (chains collapsed), or null. Cached until a redirect or
 * an artwork changes: both tags, since "stop at a live artwork" depends on the artworks too.
 */
export async function resolveRedirect(path: string): Promise<string | null> {
  'use cache';
  cacheLife('max');
  cacheTag(cacheTags.redirects, cacheTags.artworks);
  const db = await database();
  return asVisitor(db, (tx) => resolveRedirectWith(tx, path));
}
