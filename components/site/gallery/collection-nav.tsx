import { IntentLink } from '@/components/site/intent-link';
import { listCollections } from '@/lib/artworks/collections';
import { cn } from '@/lib/utils';

/** Links to every collection; the current one is marked for assistive technology too. */
export function CollectionNav({ current }: { current: string | null }) {
  return (
    <nav aria-label="Collections" className="-mx-4 overflow-x-auto px-4 pb-2">
      <ul className="flex w-max gap-2 sm:w-auto sm:flex-wrap sm:justify-center">
        {listCollections().map((collection) => {
          const active = collection.slug === current;
          return (
            <li key={collection.slug}>
              <IntentLink
                href={`/gallery/${collection.slug}`}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'inline-flex min-h-11 items-center rounded-full border px-5 text-sm font-medium transition-colors',
                  active
                    ? 'border-wash bg-wash text-white'
                    : 'border-line bg-white text-ink hover:border-wash/40 hover:bg-wash-light/40',
                )}
              >
                {collection.kind === 'all' ? 'All' : collection.name}
              </IntentLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
