import { describe, expect, it } from 'vitest';
import { artworkPath, categoryFromSlug, categorySlug } from './categories';
import { formatPrice, priceAmount } from './price';
import { slugifyTitle, uniqueSlug } from './slug';

describe('slugify', () => {
  it('lowercases, strips punctuation and joins words with hyphens', () => {
    expect(slugifyTitle('Morning Mist, over Dulwich Park!')).toBe('morning-mist-over-dulwich-park');
    expect(slugifyTitle("  The Artist's Garden — Kew  ")).toBe('the-artists-garden-kew');
  });

  it('cuts to 58 characters without a trailing hyphen', () => {
    const slug = slugifyTitle('A very long title about the quiet light on the South Downs at dawn in late autumn');
    expect(slug.length).toBeLessThanOrEqual(58);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('unique slug', () => {
  it('keeps a free slug as it is', async () => {
    expect(await uniqueSlug('Quiet Harbour', () => false)).toBe('quiet-harbour');
  });

  it('appends -2, -3… on a clash', async () => {
    const taken = new Set(['quiet-harbour', 'quiet-harbour-2']);
    expect(await uniqueSlug('Quiet Harbour', (s) => taken.has(s))).toBe('quiet-harbour-3');
  });

  it('stays within 58 characters with the suffix', async () => {
    const base = 'x'.repeat(70);
    const taken = new Set(['x'.repeat(58)]);
    const slug = await uniqueSlug(base, (s) => taken.has(s));
    expect(slug).toBe(`${'x'.repeat(56)}-2`);
    expect(slug.length).toBe(58);
  });
});

describe('category slug', () => {
  it('lowercases and turns spaces into hyphens', () => {
    expect(categorySlug('Sanctuaries of the Mind')).toBe('sanctuaries-of-the-mind');
    expect(categorySlug('Landscapes')).toBe('landscapes');
  });

  it("strips other characters and falls back to 'general'", () => {
    expect(categorySlug('Art & Craft!')).toBe('art-craft');
    expect(categorySlug('')).toBe('general');
    expect(categorySlug(null)).toBe('general');
    expect(categorySlug('!!!')).toBe('general');
  });

  it('maps a slug back to its category and builds artwork paths', () => {
    expect(categoryFromSlug('sanctuaries-of-the-mind')).toBe('Sanctuaries of the Mind');
    expect(categoryFromSlug('sanctuaries')).toBeUndefined();
    expect(artworkPath({ category: 'Seascapes', slug: 'low-tide' })).toBe('/gallery/seascapes/low-tide');
    expect(artworkPath({ category: null, slug: 'untitled' })).toBe('/gallery/general/untitled');
  });
});

describe('price display', () => {
  it('shows a number as pounds with two decimals', () => {
    expect(formatPrice('450')).toBe('£450.00');
    expect(formatPrice('1200.5')).toBe('£1,200.50');
    expect(formatPrice('£95')).toBe('£95.00');
    expect(priceAmount('1,200')).toBe('1200.00');
  });

  it('shows any other text as written', () => {
    expect(formatPrice('On Request')).toBe('On Request');
    expect(formatPrice('  ')).toBeNull();
    expect(formatPrice(null)).toBeNull();
    expect(priceAmount('On Request')).toBeNull();
  });
});
