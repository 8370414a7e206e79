import type { ArtworkCard as ArtworkCardData } from '@/lib/artworks/queries';
import { ArtworkCard } from './artwork-card';

/**
 * The first card loads eagerly with high priority: it is the LCP. The others are lazy, the rest
 * of a desktop's first row included: React preloads every eager <img> from <head>, and on a phone
 * (one column, cards two and three below the fold) those preloads shared the slow link with the
 * painting that is the LCP. A lazy image already in the viewport still loads once laid out.
 *
 * Keyed by position: the list is rendered on the server and never reordered in the browser, and
 * an artwork's id (a UUID) as the key cost 36 bytes a card in the page's payload.
 */
export function ArtworkGrid({ items }: { items: ArtworkCardData[] }) {
  return (
    <ul className="art-grid">
      {items.map((art, index) => (
        <li key={index}>
          <ArtworkCard art={art} priority={index === 0 ? 'high' : 'lazy'} />
        </li>
      ))}
    </ul>
  );
}
