import type { PublicArtwork } from '@/lib/artworks/queries';
import { originalOffer } from '@/lib/shop/client';

const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** '560 × 380 mm (56 × 38 cm)', width first; null when either side is unknown. */
export function formatSize(widthMm: number | null, heightMm: number | null): string | null {
  if (!widthMm || !heightMm) return null;
  return `${number.format(widthMm)} × ${number.format(heightMm)} mm (${number.format(widthMm / 10)} × ${number.format(heightMm / 10)} cm)`;
}

/** A story's paragraphs: split on blank lines, single newlines kept as spaces. */
export function storyParagraphs(story: string | null | undefined): string[] {
  return (story ?? '')
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.replace(/\s*\r?\n\s*/g, ' ').trim())
    .filter(Boolean);
}

/**
 * Whether a visitor can buy the original now, as the shop decides it (lib/shop/offer-rule.ts):
 * the JSON-LD's InStock or SoldOut never disagrees with the shop or "Buy this original".
 */
export function isAvailable(
  artwork: Pick<PublicArtwork, 'status' | 'isArchived' | 'isForSale' | 'availability' | 'price' | 'currency'>,
): boolean {
  return originalOffer(artwork).offered;
}

/** What the availability line says. */
export function availabilityLabel(artwork: Pick<PublicArtwork, 'isForSale' | 'availability'>): string {
  if (artwork.availability?.trim()) return artwork.availability.trim();
  return artwork.isForSale ? 'Available' : 'Not for sale';
}

/** Search-engine title and description, falling back from the SEO fields to the artwork's own. */
export function artworkSeoTitle(artwork: Pick<PublicArtwork, 'seoTitle' | 'metaTitle' | 'title'>): string {
  return artwork.seoTitle?.trim() || artwork.metaTitle?.trim() || artwork.title;
}

export function artworkSeoDescription(
  artwork: Pick<PublicArtwork, 'metaDescription' | 'seoDescription' | 'description' | 'title'>,
): string {
  return (
    artwork.metaDescription?.trim() ||
    artwork.seoDescription?.trim() ||
    artwork.description?.trim() ||
    `${artwork.title}, an original watercolour by Elena Marsh.`
  );
}
