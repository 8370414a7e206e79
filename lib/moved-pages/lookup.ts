import type { Tx } from '@/lib/db/port';
import { getPublishedArtworkBySlug } from '@/lib/artworks';
import { getRedirectDestination } from '@/lib/redirects/queries';
import { getVisibleStoryBySlug } from '@/lib/stories';
import { followRedirects } from './follow';

const ARTWORK_PATH = /^\/gallery\/[^/]+\/([^/]+)$/;
const STORY_PATH = /^\/blog\/([^/]+)$/;

/**
 * True when the path names a published artwork (whatever its collection segment: the page
 * fixes that) or a story a visitor can read.
 */
export async function isLivePath(tx: Tx, path: string): Promise<boolean> {
  const slug = ARTWORK_PATH.exec(path)?.[1];
  if (slug) return Boolean(await getPublishedArtworkBySlug(tx, slug));
  const story = STORY_PATH.exec(path)?.[1];
  return story ? Boolean(await getVisibleStoryBySlug(tx, story)) : false;
}

/** The final destination of a recorded redirect from `path`, chains collapsed, or null. */
export async function resolveRedirectWith(tx: Tx, path: string): Promise<string | null> {
  return followRedirects(
    path,
    (from) => getRedirectDestination(tx, from),
    (to) => isLivePath(tx, to),
  );
}
