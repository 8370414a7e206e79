import type { Metadata } from 'next';
import { GalleryView } from '@/components/site/gallery/gallery-view';
import { collectionParams, galleryDescription, galleryTitle, loadGallery } from '@/lib/artworks/gallery';
import { matchCollection } from '@/lib/artworks/collections';
import { pageMetadata } from '@/lib/seo/metadata';

// The whole page must be static output: an unlisted segment (an alias, an unknown collection,
// an old slug) then blocks until its render is done instead of streaming an App Shell that is
// already sent as 200, so its 308 or 404 status is real. Known params are prerendered.
export const ensureStatic = 'navigation';
// Blocking by design (see ensureStatic above): the whole route is static output, and an unlisted
// segment waits for its render so its 308 or 404 status is real, not a streamed 200. Instant
// Navigation validation (development only) would flag the params read outside <Suspense>.
export const instant = false;

type Props = { params: Promise<{ collection: string }> };

// 'all' and the six categories are prerendered; any other segment renders on request and
// answers 404 (or 308 for an alias such as /gallery/sanctuaries).
export function generateStaticParams() {
  return collectionParams();
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { collection: segment } = await params;
  const match = matchCollection(segment);
  if (!match || !('found' in match)) return { title: 'Page Not Found', robots: { index: false } };
  return pageMetadata({
    title: galleryTitle(match.found),
    description: galleryDescription(match.found),
    path: `/gallery/${match.found.slug}`,
  });
}

export default async function CollectionPage({ params }: Props) {
  const { collection, gallery, basePath } = await loadGallery((await params).collection);
  return <GalleryView collection={collection} gallery={gallery} basePath={basePath} />;
}
