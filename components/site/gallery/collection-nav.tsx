import { IntentLink } from '@/components/site/intent-link';
import { listCollections } from '@/lib/artworks/collections';
import { currentPage } from '../current-page';

/**
 * Links to every collection as pills (.collection-nav); the current one is marked for assistive
 * technology, and filled by the same attribute.
 */
export function CollectionNav({ current }: { current: string | null }) {
  return (
    <nav aria-label="Collections" className="collection-nav">
      <ul>
        {listCollections().map((collection) => (
          <li key={collection.slug}>
            <IntentLink href={`/gallery/${collection.slug}`} {...currentPage(collection.slug === current)}>
              {collection.kind === 'all' ? 'All' : collection.name}
            </IntentLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
