import type { Artwork } from '@/lib/artworks/queries';
import { isCategory } from '@/lib/categories';
import { emptyArtworkForm, type ArtworkFormValues } from './schema';

const str = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
const joined = (list: string[] | null | undefined) => (list ?? []).join(', ');

/** A stored artwork as the edit form holds it (lists as comma-separated text, numbers as text). */
export function toFormValues(artwork: Artwork): ArtworkFormValues {
  return {
    ...emptyArtworkForm,
    title: artwork.title,
    slug: artwork.slug,
    category: isCategory(artwork.category) ? artwork.category : emptyArtworkForm.category,
    description: str(artwork.description),
    story: str(artwork.story),
    imageAlt: str(artwork.imageAlt),
    price: str(artwork.price),
    currency: artwork.currency || 'GBP',
    isForSale: artwork.isForSale,
    availability: str(artwork.availability),
    sku: str(artwork.sku),
    editionSize: str(artwork.editionSize),
    editionNumber: str(artwork.editionNumber),
    formatsAvailable: joined(artwork.formatsAvailable),
    framed: artwork.framed,
    widthMm: str(artwork.widthMm),
    heightMm: str(artwork.heightMm),
    year: str(artwork.year),
    medium: str(artwork.medium),
    storeUrl: str(artwork.storeUrl),
    tags: joined(artwork.tags),
    longStoryDescription: str(artwork.longStoryDescription),
    seoTitle: str(artwork.seoTitle),
    seoDescription: str(artwork.seoDescription),
    metaTitle: str(artwork.metaTitle),
    metaDescription: str(artwork.metaDescription),
    keywords: joined(artwork.keywords),
    ogTitle: str(artwork.ogTitle),
    ogDescription: str(artwork.ogDescription),
    twitterTitle: str(artwork.twitterTitle),
    twitterDescription: str(artwork.twitterDescription),
  };
}
