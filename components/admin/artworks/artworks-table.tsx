import Link from 'next/link';
import { ImageOff, Pencil } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { artworkPath } from '@/lib/categories';
import type { Artwork } from '@/lib/artworks/queries';
import { formatPrice } from '@/lib/price';
import { DeleteArtworkButton } from './delete-artwork-button';
import { ViewOnSiteLink } from './view-on-site-link';

const dateAdded = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' });

type Row = Pick<
  Artwork,
  'id' | 'title' | 'slug' | 'category' | 'price' | 'createdAt' | 'imageThumb400Url' | 'imageUrl' | 'imageAlt' | 'status'
>;

/**
 * The Manage Artworks table (docs/product.md, Manage Artworks): newest first, with Edit and a
 * confirmed Delete.
 */
export function ArtworksTable({ artworks }: { artworks: Row[] }) {
  if (artworks.length === 0) {
    return (
      <div className="rounded-card border border-dashed border-line bg-white px-6 py-16 text-center">
        <p className="text-lg text-ink">No artworks found.</p>
        <Link
          href="/admin/artworks/add"
          className="mt-2 inline-block text-wash underline underline-offset-4 hover:text-wash-deep"
        >
          Add your first artwork
        </Link>
      </div>
    );
  }
  return (
    <Table>
      <caption className="sr-only">All artworks, newest first</caption>
      <TableHeader>
        <TableRow>
          <TableHead>Artwork</TableHead>
          <TableHead>Category</TableHead>
          <TableHead>Price</TableHead>
          <TableHead>Date Added</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {artworks.map((artwork) => {
          const thumb = artwork.imageThumb400Url ?? artwork.imageUrl;
          return (
            <TableRow key={artwork.id}>
              <TableCell>
                <div className="flex min-w-56 items-center gap-3">
                  {thumb ? (
                    // eslint-disable-next-line @next/next/no-img-element -- a stored 400px WebP thumbnail
                    <img
                      src={thumb}
                      alt=""
                      width={56}
                      height={56}
                      loading="lazy"
                      className="size-14 shrink-0 rounded-md border border-line object-cover"
                    />
                  ) : (
                    <span className="grid size-14 shrink-0 place-items-center rounded-md border border-line text-ink-soft">
                      <ImageOff aria-hidden className="size-5" />
                    </span>
                  )}
                  <span className="font-medium text-ink">
                    {artwork.title}
                    {artwork.status !== 'published' ? (
                      <span className="ml-2 rounded-full bg-line px-2 py-0.5 text-xs">Draft</span>
                    ) : null}
                  </span>
                </div>
              </TableCell>
              <TableCell className="whitespace-nowrap">{artwork.category ?? '—'}</TableCell>
              <TableCell className="whitespace-nowrap">{formatPrice(artwork.price) ?? '—'}</TableCell>
              <TableCell className="whitespace-nowrap">{dateAdded.format(artwork.createdAt)}</TableCell>
              <TableCell>
                <div className="flex justify-end gap-2">
                  <Link
                    href={`/admin/artworks/edit/${artwork.id}`}
                    className={buttonVariants({ variant: 'secondary', size: 'sm' })}
                    aria-label={`Edit ${artwork.title}`}
                  >
                    <Pencil aria-hidden className="size-4" /> Edit
                  </Link>
                  {artwork.status === 'published' ? (
                    <ViewOnSiteLink path={artworkPath(artwork)} title={artwork.title} size="sm" />
                  ) : null}
                  <DeleteArtworkButton
                    id={artwork.id}
                    title={artwork.title}
                    failureTitle="Failed to delete artwork"
                    size="sm"
                  />
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
