import { PageHeader } from '@/components/site/page-header';
import type { Collection } from '@/lib/artworks/collections';
import type { GalleryPage } from '@/lib/artworks/queries';
import { ArtworkGrid } from './artwork-grid';
import { CollectionNav } from './collection-nav';
import { GalleryPagination } from './gallery-pagination';

/** A gallery listing: heading, collection links, the collection's name, its cards and page links. */
export function GalleryView({
  collection,
  gallery,
  basePath,
}: {
  collection: Collection;
  gallery: GalleryPage;
  basePath: string;
}) {
  const { items, page, pageCount, total } = gallery;
  return (
    <>
      <PageHeader eyebrow="Original watercolours" title="Gallery">
        <p>
          Quiet paintings of South London parks, southern coastlines and calm interiors, each one made to give the eye
          somewhere to rest.
        </p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <CollectionNav current={collection.slug} />
        <div className="mt-12 mb-10 flex flex-wrap items-baseline justify-between gap-3 border-b border-line pb-5">
          <h2 className="text-3xl sm:text-4xl">{collection.name}</h2>
          {total > 0 && (
            <p className="text-sm text-ink-soft">
              {total} {total === 1 ? 'painting' : 'paintings'}
              {pageCount > 1 && ` · page ${page} of ${pageCount}`}
            </p>
          )}
        </div>
        {items.length === 0 ? (
          <div className="rounded-card border border-dashed border-line bg-white/60 px-6 py-20 text-center">
            <p className="font-serif text-2xl">Gallery is currently empty!</p>
            <p className="mt-3 text-ink-soft">New paintings are on their way. Please look again soon.</p>
          </div>
        ) : (
          <ArtworkGrid items={items} />
        )}
        <GalleryPagination basePath={basePath} page={page} pageCount={pageCount} />
      </div>
    </>
  );
}
