import type { Metadata } from 'next';
import { getGalleryPage } from '@/lib/artworks/public';
import { artworkPath } from '@/lib/categories';
import { formatPrice } from '@/lib/price';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Gallery' };

export default async function GalleryPage() {
  const { items } = await getGalleryPage();
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-4xl">Gallery</h1>
      {items.length === 0 ? (
        <p className="mt-8">Gallery is currently empty!</p>
      ) : (
        <ul className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((art) => (
            <li key={art.id} className="overflow-hidden rounded-card border border-line bg-white">
              {art.imageThumb800Url && (
                // eslint-disable-next-line @next/next/no-img-element -- stored variants, no optimizer
                <img
                  src={art.imageThumb800Url}
                  srcSet={`${art.imageThumb400Url} 400w, ${art.imageThumb800Url} 800w`}
                  sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                  width={art.imageWidth ?? 800}
                  height={art.imageHeight ?? 600}
                  alt={art.imageAlt ?? art.title}
                  loading="lazy"
                  className="aspect-[4/3] w-full object-cover"
                />
              )}
              <div className="p-5">
                <h2 className="text-xl">{art.title}</h2>
                <p className="mt-2 text-ink-soft">{art.description}</p>
                <p className="mt-3 font-medium">{formatPrice(art.price)}</p>
                <Link href={artworkPath(art)} className="mt-4 inline-flex min-h-11 items-center text-wash underline">
                  View Details
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
