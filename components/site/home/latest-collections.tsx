/* eslint-disable @next/next/no-img-element -- images are pre-sized WebP variants with their own srcset (images.unoptimized); a plain <img> ships no client JS */
import { IntentLink } from '@/components/site/intent-link';
import { buttonVariants } from '@/components/ui/button';
import { getGalleryPage } from '@/lib/artworks/public';
import { artworkPath } from '@/lib/categories';

const LATEST_COUNT = 6;

/** The newest published artworks, from the same cached read as the gallery (tagged, so an admin edit refreshes it). */
export async function LatestCollections() {
  const { items } = await getGalleryPage();
  const latest = items.slice(0, LATEST_COUNT);

  return (
    <section aria-labelledby="latest-heading" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="latest-heading" className="text-3xl sm:text-4xl">
            Latest Collections
          </h2>
          <p className="mt-3 text-lg text-ink-soft">New paintings, fresh from the studio.</p>
        </div>
        <IntentLink href="/gallery" className={buttonVariants({ variant: 'secondary' })}>
          View All Art
        </IntentLink>
      </div>
      {latest.length === 0 ? (
        <p className="mt-10 text-ink-soft">New paintings are on their way. Please check back soon.</p>
      ) : (
        <ul className="latest">
          {latest.map((art, index) => (
            <li key={index}>
              <IntentLink href={artworkPath(art)}>
                <div>
                  <img
                    src={art.imageThumb800Url ?? art.imageUrl ?? ''}
                    {...(art.imageThumb400Url && art.imageThumb800Url
                      ? { srcSet: `${art.imageThumb400Url} 400w, ${art.imageThumb800Url} 800w` }
                      : {})}
                    sizes="(min-width: 1024px) 360px, (min-width: 640px) 45vw, 90vw"
                    alt={art.imageAlt || art.title}
                    width={art.imageWidth ?? 800}
                    height={art.imageHeight ?? 600}
                    loading="lazy"
                    decoding="async"
                  />
                </div>
                <h3>{art.title}</h3>
                {art.category && <p>{art.category}</p>}
              </IntentLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
