/* eslint-disable @next/next/no-img-element -- stored WebP variants with their own srcset (images.unoptimized); a plain <img> ships no client JS */
import type { PublicArtwork } from '@/lib/artworks/queries';
import { variantSrcSet } from '@/lib/images/srcset';

/**
 * The artwork, whole, on a paper mount. It is the page's largest paint (LCP): eager, high
 * priority, its box sized from width/height before the file arrives (app/globals.css), so nothing
 * shifts, with the blur placeholder behind it.
 */
export function ArtworkImage({ art }: { art: PublicArtwork }) {
  const src = art.imageUrl ?? art.imageThumb800Url;
  const width = art.imageWidth ?? 1600;
  const height = art.imageHeight ?? 1200;
  if (!src)
    return <div className="aspect-[4/3] self-start rounded-card border border-line bg-paper-deep" aria-hidden />;
  return (
    <div className="artwork-image">
      <img
        src={src}
        srcSet={variantSrcSet(art)}
        sizes="(min-width: 1152px) 600px, (min-width: 1024px) 52vw, calc(100vw - 4.5rem)"
        alt={art.imageAlt || art.title}
        width={width}
        height={height}
        loading="eager"
        fetchPriority="high"
        style={
          {
            '--painting-ratio': Number((width / height).toFixed(4)),
            ...(art.imageBlurDataUrl ? { backgroundImage: `url("${art.imageBlurDataUrl}")` } : {}),
          } as React.CSSProperties
        }
      />
    </div>
  );
}
