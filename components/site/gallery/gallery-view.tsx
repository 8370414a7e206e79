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
      <div className="gallery">
        <CollectionNav current={collection.slug} />
        <div className="gallery-heading">
          <h2>{collection.name}</h2>
          {total > 0 && (
            <p>
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
