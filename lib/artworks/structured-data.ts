import { artworkPath, categorySlug } from '@/lib/categories';
import type { PublicArtwork } from '@/lib/artworks/queries';
import { priceAmount } from '@/lib/price';
import { personId } from '@/lib/seo';
import { artworkCurrency } from '@/lib/shop/client';
import { artworkSeoDescription, isAvailable } from './format';

const absolute = (origin: string, path: string) => new URL(path, origin).toString();
const mm = (value: number) => ({ '@type': 'QuantitativeValue', value, unitCode: 'MMT', unitText: 'mm' });

/**
 * schema.org for an artwork page: the painting as a VisualArtwork that is also a Product (so
 * its Offer in GBP is eligible for merchant listings), and its breadcrumb trail.
 */
export function artworkJsonLd(origin: string, artwork: PublicArtwork) {
  const url = absolute(origin, artworkPath(artwork));
  // The Offer is in GBP: a painting priced in another currency has none rather than a wrong one.
  const amount = artworkCurrency(artwork) === 'GBP' ? priceAmount(artwork.price) : null;
  const images = [artwork.imageUrl, artwork.imageThumb800Url]
    .filter((src): src is string => Boolean(src))
    .map((src) => absolute(origin, src));
  const creator = { '@type': 'Person', '@id': personId(origin), name: 'Elena Marsh' };
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': ['VisualArtwork', 'Product'],
        '@id': `${url}#artwork`,
        name: artwork.title,
        url,
        image: images,
        description: artworkSeoDescription(artwork),
        artform: 'Painting',
        ...(artwork.medium ? { artMedium: artwork.medium, material: artwork.medium } : {}),
        ...(artwork.widthMm ? { width: mm(artwork.widthMm) } : {}),
        ...(artwork.heightMm ? { height: mm(artwork.heightMm) } : {}),
        ...(artwork.year ? { dateCreated: String(artwork.year) } : {}),
        ...(artwork.category ? { genre: artwork.category } : {}),
        creator,
        brand: { '@type': 'Brand', name: 'Elena Marsh Watercolours' },
        ...(amount
          ? {
              offers: {
                '@type': 'Offer',
                url,
                price: amount,
                priceCurrency: 'GBP',
                availability: isAvailable(artwork) ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
                itemCondition: 'https://schema.org/NewCondition',
                seller: { '@id': personId(origin) },
              },
            }
          : {}),
      },
      breadcrumbJsonLd(origin, [
        { name: 'Home', path: '/' },
        { name: 'Gallery', path: '/gallery' },
        ...(artwork.category ? [{ name: artwork.category, path: `/gallery/${categorySlug(artwork.category)}` }] : []),
        { name: artwork.title, path: artworkPath(artwork) },
      ]),
    ],
  };
}

export function breadcrumbJsonLd(origin: string, trail: { name: string; path: string }[]) {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absolute(origin, crumb.path),
    })),
  };
}
