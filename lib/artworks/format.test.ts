import { describe, expect, it } from 'vitest';
import {
  artworkSeoDescription,
  artworkSeoTitle,
  availabilityLabel,
  formatSize,
  isAvailable,
  storyParagraphs,
} from './format';

describe('artwork formatting', () => {
  it('shows sizes in millimetres and centimetres', () => {
    expect(formatSize(560, 380)).toBe('560 × 380 mm (56 × 38 cm)');
    expect(formatSize(297.5, 210)).toBe('297.5 × 210 mm (29.8 × 21 cm)');
    expect(formatSize(null, 210)).toBeNull();
  });

  it('splits a story into paragraphs on blank lines', () => {
    expect(storyParagraphs('One\nline.\n\nTwo.\r\n\r\n\n  Three.  ')).toEqual(['One line.', 'Two.', 'Three.']);
    expect(storyParagraphs(null)).toEqual([]);
  });

  it('says whether the original is available, by the shop’s rule', () => {
    const art = {
      status: 'published',
      isArchived: false,
      isForSale: true,
      availability: 'Available',
      price: '£450',
      currency: 'GBP',
    } as const;
    expect(isAvailable(art)).toBe(true);
    expect(isAvailable({ ...art, availability: 'Sold' })).toBe(false);
    expect(isAvailable({ ...art, availability: 'Not for sale' })).toBe(false);
    expect(isAvailable({ ...art, isForSale: false, availability: null })).toBe(false);
    expect(isAvailable({ ...art, price: '$500' })).toBe(false);
    expect(isAvailable({ ...art, price: '500', currency: 'USD' })).toBe(false);
    expect(availabilityLabel({ isForSale: false, availability: '' })).toBe('Not for sale');
  });

  it('takes the SEO title and description, falling back to the artwork', () => {
    expect(artworkSeoTitle({ seoTitle: '', metaTitle: null, title: 'Tide' })).toBe('Tide');
    expect(artworkSeoTitle({ seoTitle: null, metaTitle: 'Meta', title: 'Tide' })).toBe('Meta');
    expect(
      artworkSeoDescription({ metaDescription: null, seoDescription: null, description: 'Soft', title: 'Tide' }),
    ).toBe('Soft');
  });
});
