/* eslint-disable @next/next/no-img-element -- stored WebP variants with their own srcset (images.unoptimized); a plain <img> ships no client JS */
import { IntentLink } from '@/components/site/intent-link';
import { artworkPath } from '@/lib/categories';
import type { ArtworkCard as ArtworkCardData } from '@/lib/artworks/queries';
import { formatPrice } from '@/lib/price';

/**
 * Card width: 1 column on phones, 2 on tablets, 3 (about 340px) from 1024px. Written into every
 * card and its preload (the gallery's and the shop's), so without the optional spaces.
 */
export const CARD_SIZES = '(min-width:1024px) 340px,(min-width:640px) 45vw,90vw';

export function cardSrcSet(art: Pick<ArtworkCardData, 'imageThumb400Url' | 'imageThumb800Url'>): string | undefined {
  const entries = [
    art.imageThumb400Url && `${art.imageThumb400Url} 400w`,
    art.imageThumb800Url && `${art.imageThumb800Url} 800w`,
  ].filter(Boolean);
  return entries.length ? entries.join(', ') : undefined;
}

/**
 * How a card's painting loads: the first row eagerly, the very first with high priority (it is
 * usually the LCP), the rest lazily. Only the attributes that say something are written: an
 * undefined one would still be a key in the page's payload.
 */
export function cardImageLoading(priority: 'lazy' | 'eager' | 'high') {
  if (priority === 'lazy') return { loading: 'lazy', decoding: 'async' } as const;
  return priority === 'high' ? ({ loading: 'eager', fetchPriority: 'high' } as const) : ({ loading: 'eager' } as const);
}

/**
 * One artwork in the gallery grid. The painting is shown whole on a paper mount (never cropped);
 * the 'View Details' link covers the card, so the image is clickable without a second link. Its
 * parts are styled through .art-card (app/globals.css): a page holds twelve cards, each written
 * into the markup and the payload, so only the card and its link carry a class.
 */
export function ArtworkCard({
  art,
  priority = 'lazy',
}: {
  art: ArtworkCardData;
  priority?: 'lazy' | 'eager' | 'high';
}) {
  const price = formatPrice(art.price);
  const src = art.imageThumb800Url ?? art.imageUrl;
  const srcSet = cardSrcSet(art);
  return (
    <article className="art-card">
      {/* A plain paper mount, no blur placeholder: 24 inline data URLs doubled the page's HTML
          and RSC payload and halved its throughput; the fixed aspect box already stops shifts. */}
      <div>
        {src && (
          <img
            src={src}
            {...(srcSet ? { srcSet } : {})}
            sizes={CARD_SIZES}
            alt={art.imageAlt || art.title}
            width={art.imageWidth ?? 800}
            height={art.imageHeight ?? 600}
            {...cardImageLoading(priority)}
          />
        )}
      </div>
      <div>
        {art.category && <p>{art.category}</p>}
        <h3>{art.title}</h3>
        {/* The clamp sits on the paragraph, the stretch on its wrapper, so a fourth line never peeks out. */}
        <div>{art.description && <p>{art.description}</p>}</div>
        <div>
          <p>{price ?? <span>Price on request</span>}</p>
          <IntentLink href={artworkPath(art)} className="art-card-link">
            View Details<span>{`: ${art.title}`}</span>
          </IntentLink>
        </div>
      </div>
    </article>
  );
}
