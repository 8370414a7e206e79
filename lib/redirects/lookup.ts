import type { Tx } from '@/lib/db/client';
import { getPublishedArtworkBySlug } from '@/lib/db/queries/artworks';
import { getRedirectDestination } from '@/lib/db/queries/redirects';
import { followRedirects } from './follow';

const ARTWORK_PATH = /^\/gallery\/[^/]+\/([^/]+)$/;

/** True when the path names a published artwork (whatever its collection segment: the page fixes that). */
export async function isLiveArtworkPath(tx: Tx, path: string): Promise<boolean> {
  const slug = ARTWORK_PATH.exec(path)?.[1];
  return slug ? Boolean(await getPublishedArtworkBySlug(tx, slug)) : false;
}

/** The final destination of a recorded redirect from `path`, chains collapsed, or null. */
export async function resolveRedirectWith(tx: Tx, path: string): Promise<string | null> {
  return followRedirects(
    path,
    (from) => getRedirectDestination(tx, from),
    (to) => isLiveArtworkPath(tx, to),
  );
}
