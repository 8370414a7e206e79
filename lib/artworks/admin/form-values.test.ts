import { describe, expect, it } from 'vitest';
import type { Artwork } from '@/lib/artworks/queries';
import { toFormValues } from './form-values';
import { artworkFormSchema } from './schema';

const stored = {
  title: 'Camber Sands, Low Tide',
  slug: 'camber-sands-low-tide',
  category: 'Seascapes',
  description: 'Wet sand holding the sky.',
  story: null,
  imageAlt: 'Watercolour of a wide beach at low tide',
  price: '450',
  currency: 'GBP',
  isForSale: true,
  availability: 'Available',
  sku: null,
  editionSize: 50,
  editionNumber: null,
  formatsAvailable: ['Original', 'Giclée print'],
  framed: false,
  widthMm: 297.5,
  heightMm: 420,
  year: 2024,
  medium: 'Watercolour on paper',
  storeUrl: null,
  tags: ['sea'],
  longStoryDescription: null,
  seoTitle: null,
  seoDescription: null,
  metaTitle: null,
  metaDescription: null,
  keywords: ['camber', 'beach'],
  ogTitle: null,
  ogDescription: null,
  twitterTitle: null,
  twitterDescription: null,
} as const;

describe('the edit form values of a stored artwork', () => {
  it('show lists as comma-separated text and numbers as text, and save back unchanged', () => {
    const values = toFormValues(stored as unknown as Artwork);
    expect(values.keywords).toBe('camber, beach');
    expect(values.widthMm).toBe('297.5');
    expect(artworkFormSchema.parse(values)).toEqual(stored);
  });

  it('fall back to Landscapes for a category outside the six', () => {
    expect(toFormValues({ ...stored, category: 'Portraits' } as unknown as Artwork).category).toBe('Landscapes');
  });
});
