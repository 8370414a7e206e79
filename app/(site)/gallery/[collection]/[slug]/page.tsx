import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { ArtworkDetail } from '@/components/site/artwork/artwork-detail';
import { artworkSeoDescription, artworkSeoTitle } from '@/lib/artworks/format';
import { getPublicArtwork, getPublicArtworkPaths } from '@/lib/artworks/public';
import { OG_ALT, OG_CONTENT_TYPE, OG_SIZE, ogImagePath } from '@/lib/artworks/og-image-meta';
import { artworkJsonLd } from '@/lib/artworks/structured-data';
import { artworkPath, categorySlug } from '@/lib/categories';
import { env } from '@/lib/env';
import { receivingMessages } from '@/lib/messages/settings';
import { prerenderParams } from '@/lib/prerender-params';
import { resolveRedirect } from '@/lib/moved-pages/resolve';
import { JsonLd } from '@/lib/seo/json-ld';
import { artworkOffer } from '@/lib/shop/public';

// The whole page must be static output: an unlisted segment (an alias, an unknown collection,
// an old slug) then blocks until its render is done instead of streaming an App Shell that is
// already sent as 200, so its 308 or 404 status is real. Known params are prerendered.
export const ensureStatic = 'navigation';
// Blocking by design (see ensureStatic above): the whole route is static output, and an unlisted
// segment waits for its render so its 308 or 404 status is real, not a streamed 200. Instant
// Navigation validation (development only) would flag the params read outside <Suspense>.
export const instant = false;

type Props = { params: Promise<{ collection: string; slug: string }> };

// Every published artwork is prerendered. Others (new since the build, old slugs, typos)
// render on request: params are awaited outside any Suspense so that the 308s and the 404
// set the real status instead of streaming into an already-sent 200.
export function generateStaticParams() {
  const published = async () =>
    (await getPublicArtworkPaths()).map((art) => ({ collection: categorySlug(art.category), slug: art.slug }));
  return prerenderParams(published, { collection: 'all', slug: 'none' });
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const art = await getPublicArtwork(slug);
  if (!art) return { title: 'Artwork Not Found', robots: { index: false } };
  const seoTitle = artworkSeoTitle(art);
  const description = artworkSeoDescription(art);
  // SEO titles written for the artwork already name the artist: do not add the site suffix twice.
  const title = /elena marsh/i.test(seoTitle) ? { absolute: seoTitle } : seoTitle;
  const path = artworkPath(art);
  const image = { url: ogImagePath(path), ...OG_SIZE, alt: OG_ALT, type: OG_CONTENT_TYPE };
  return {
    title,
    description,
    alternates: { canonical: path },
    // og:image and twitter:image: the framed painting (opengraph-image/route.ts below this page).
    openGraph: {
      type: 'article',
      url: path,
      title: art.ogTitle || seoTitle,
      description: art.ogDescription || description,
      siteName: 'Elena Marsh Watercolours',
      locale: 'en_GB',
      images: [image],
    },
    twitter: {
      card: 'summary_large_image',
      title: art.twitterTitle || art.ogTitle || seoTitle,
      description: art.twitterDescription || description,
      images: [image],
    },
  };
}

export default async function ArtworkPage({ params }: Props) {
  const { collection, slug } = await params;
  const art = await getPublicArtwork(slug);
  if (art) {
    if (categorySlug(art.category) !== collection) permanentRedirect(artworkPath(art));
    return (
      <>
        <JsonLd data={artworkJsonLd(env().SITE_URL, art)} />
        <ArtworkDetail
          art={art}
          origin={env().SITE_URL}
          receivingMessages={await receivingMessages()}
          offer={await artworkOffer(art.id)}
        />
      </>
    );
  }
  const moved = await resolveRedirect(`/gallery/${collection}/${slug}`);
  if (moved) permanentRedirect(moved);
  notFound();
}
