import type { ArtworkCard as ArtworkCardData } from '@/lib/artworks/queries';
import { ArtworkCard } from './artwork-card';

/** Cards of the first row (3 on desktop) load eagerly, the very first with high priority: it is usually the LCP. */
const FIRST_ROW = 3;

export function ArtworkGrid({ items }: { items: ArtworkCardData[] }) {
  return (
    <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3 lg:gap-10">
      {items.map((art, index) => (
        <li key={art.id}>
          <ArtworkCard art={art} priority={index === 0 ? 'high' : index < FIRST_ROW ? 'eager' : 'lazy'} />
        </li>
      ))}
    </ul>
  );
}
