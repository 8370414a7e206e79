import type { ArtworkCard as ArtworkCardData } from '@/lib/artworks/queries';
import { ArtworkCard } from './artwork-card';

/**
 * The first card loads eagerly with high priority: it is the LCP. The others are lazy, the rest
 * of a desktop's first row included: React preloads every eager <img> from <head>, and on a phone
 * (one column, cards two and three below the fold) those preloads shared the slow link with the
 * painting that is the LCP. A lazy image already in the viewport still loads once laid out.
 */
export function ArtworkGrid({ items }: { items: ArtworkCardData[] }) {
  return (
    <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3 lg:gap-10">
      {items.map((art, index) => (
        <li key={art.id}>
          <ArtworkCard art={art} priority={index === 0 ? 'high' : 'lazy'} />
        </li>
      ))}
    </ul>
  );
}
