import type { Metadata } from 'next';
import { GalleryView } from '@/components/site/gallery/gallery-view';
import { matchCollection } from '@/lib/artworks/collections';
import { collectionPageParams, galleryDescription, galleryTitle, loadGallery } from '@/lib/artworks/gallery';
import { galleryPagePath, parsePageSegment } from '@/lib/paging';
import { prerenderParams } from '@/lib/prerender-params';
import { pageMetadata } from '@/lib/seo/metadata';

// The whole page must be static output: an unlisted segment (an alias, an unknown collection,
// an old slug) then blocks until its render is done instead of streaming an App Shell that is
// already sent as 200, so its 308 or 404 status is real. Known params are prerendered.
export const ensureStatic = 'navigation';
// Blocking by design (see ensureStatic above): the whole route is static output, and an unlisted
// segment waits for its render so its 308 or 404 status is real, not a streamed 200. Instant
// Navigation validation (development only) would flag the params read outside <Suspense>.
export const instant = false;

type Props = { params: Promise<{ collection: string; page: string }> };

// Every existing page 2+ is prerendered. While every collection fits on one page a sample
// stands in; it renders as a 404 like any page past the end.
export function generateStaticParams() {
  return prerenderParams(collectionPageParams, { collection: 'all', page: '2' });
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { collection: segment, page: pageSegment } = await params;
  const match = matchCollection(segment);
  const page = parsePageSegment(pageSegment);
  if (!match || !('found' in match) || page === null) return { title: 'Page Not Found', robots: { index: false } };
  return pageMetadata({
    title: galleryTitle(match.found, page),
    description: galleryDescription(match.found),
    path: galleryPagePath(`/gallery/${match.found.slug}`, page),
  });
}

export default async function CollectionPageN({ params }: Props) {
  const { collection: segment, page } = await params;
  const { collection, gallery, basePath } = await loadGallery(segment, page);
  return <GalleryView collection={collection} gallery={gallery} basePath={basePath} />;
}
