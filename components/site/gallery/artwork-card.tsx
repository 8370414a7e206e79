/* eslint-disable @next/next/no-img-element -- stored WebP variants with their own srcset (images.unoptimized); a plain <img> ships no client JS */
import { IntentLink } from '@/components/site/intent-link';
import { buttonVariants } from '@/components/ui/button';
import { artworkPath } from '@/lib/categories';
import type { ArtworkCard as ArtworkCardData } from '@/lib/artworks/queries';
import { formatPrice } from '@/lib/price';
import { cn } from '@/lib/utils';

/** Card width: 1 column on phones, 2 on tablets, 3 (about 340px) from 1024px. */
const CARD_SIZES = '(min-width: 1024px) 340px, (min-width: 640px) 45vw, 90vw';

export function cardSrcSet(art: Pick<ArtworkCardData, 'imageThumb400Url' | 'imageThumb800Url'>): string | undefined {
  const entries = [
    art.imageThumb400Url && `${art.imageThumb400Url} 400w`,
    art.imageThumb800Url && `${art.imageThumb800Url} 800w`,
  ].filter(Boolean);
  return entries.length ? entries.join(', ') : undefined;
}

/**
 * One artwork in the gallery grid. The painting is shown whole on a paper mount (never cropped);
 * the 'View Details' link covers the card, so the image is clickable without a second link.
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
  return (
    <article className="art-card">
      {/* A plain paper mount, no blur placeholder: 24 inline data URLs doubled the page's HTML
          and RSC payload and halved its throughput; the fixed aspect box already stops shifts. */}
      <div className="art-card-mount">
        {src && (
          <img
            src={src}
            srcSet={cardSrcSet(art)}
            sizes={CARD_SIZES}
            alt={art.imageAlt || art.title}
            width={art.imageWidth ?? 800}
            height={art.imageHeight ?? 600}
            loading={priority === 'lazy' ? 'lazy' : 'eager'}
            fetchPriority={priority === 'high' ? 'high' : undefined}
            decoding={priority === 'lazy' ? 'async' : undefined}
            className="art-card-image"
          />
        )}
      </div>
      <div className="flex flex-1 flex-col p-6">
        {art.category && <p className="art-card-kicker">{art.category}</p>}
        <h3 className="mt-2 text-2xl leading-snug">{art.title}</h3>
        {/* The clamp sits on the paragraph, the stretch on its wrapper, so a fourth line never peeks out. */}
        <div className="flex-1">{art.description && <p className="art-card-description">{art.description}</p>}</div>
        <div className="mt-5 flex items-center justify-between gap-4">
          <p className="font-serif text-lg text-ink">
            {price ?? <span className="text-ink-soft">Price on request</span>}
          </p>
          <IntentLink
            href={artworkPath(art)}
            className={cn(buttonVariants({ variant: 'secondary', size: 'sm' }), 'art-card-link')}
          >
            View Details<span className="sr-only">: {art.title}</span>
          </IntentLink>
        </div>
      </div>
    </article>
  );
}
