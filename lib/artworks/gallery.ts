import { notFound, permanentRedirect } from 'next/navigation';
import { GALLERY_PAGE_SIZE } from '@/lib/artworks/queries';
import { ALL_COLLECTION, listCollections, matchCollection, type Collection } from './collections';
import { galleryPagePath, pageExists, parsePageSegment } from '@/lib/paging';
import { getGalleryPage } from './public';

/**
 * The gallery a URL asks for: /gallery/{collection} or /gallery/{collection}/page/{n}. An alias
 * answers 308 to its collection; an unknown collection or a page past the end is a 404.
 */
export async function loadGallery(segment: string, pageSegment?: string) {
  const match = matchCollection(segment);
  if (!match) notFound();
  if ('redirectTo' in match) {
    permanentRedirect(
      pageSegment ? `/gallery/${match.redirectTo}/page/${pageSegment}` : `/gallery/${match.redirectTo}`,
    );
  }
  const page = pageSegment === undefined ? 1 : parsePageSegment(pageSegment);
  // '/page/1' is page 1 under a second URL: send it to the one canonical address.
  if (page === 1 && pageSegment !== undefined) permanentRedirect(`/gallery/${segment}`);
  if (page === null) notFound();
  const collection = match.found;
  const gallery = await getGalleryPage({
    category: collection.kind === 'category' ? collection.category : undefined,
    page,
  });
  if (!pageExists(page, gallery.total, GALLERY_PAGE_SIZE)) notFound();
  return {
    collection,
    gallery,
    basePath: `/gallery/${collection.slug}`,
    path: galleryPagePath(`/gallery/${collection.slug}`, page),
  };
}

export function galleryTitle(collection: Collection, page = 1): string {
  const base = collection.kind === 'all' ? 'Gallery: All Artworks' : `${collection.name}: Watercolour Gallery`;
  return page > 1 ? `${base} (Page ${page})` : base;
}

export function galleryDescription(collection: Collection): string {
  return collection.kind === 'all'
    ? 'Browse every original watercolour by Elena Marsh: calming paintings of South London parks, coastlines and quiet places, for therapy rooms, new homes and gifts.'
    : `${collection.name}: original watercolours by Elena Marsh, a South London artist painting calm, light-filled scenes for therapy rooms, new homes and gifts.`;
}

/** Collection segments to prerender: 'all' and the six categories. */
export function collectionParams() {
  return listCollections().map((collection) => ({ collection: collection.slug }));
}

/** Page-2-onwards segments to prerender for every collection. */
export async function collectionPageParams() {
  const params: { collection: string; page: string }[] = [];
  for (const collection of listCollections()) {
    const { pageCount } = await getGalleryPage({
      category: collection.kind === 'category' ? collection.category : undefined,
    });
    for (let page = 2; page <= pageCount; page++) params.push({ collection: collection.slug, page: String(page) });
  }
  return params;
}

export { ALL_COLLECTION };
