import { IntentLink } from '@/components/site/intent-link';
import { ArtworkGrid } from '@/components/site/gallery/artwork-grid';
import { formatPostDate } from '@/lib/stories/blog';
import type { SearchResults as Results } from '@/lib/search';

/** Artworks then stories for a query; states for an empty query and for no results. */
export function SearchResults({ results }: { results: Results }) {
  const { query, artworks, posts } = results;
  if (!query) {
    return (
      <div className="py-10 text-center">
        <h2 className="text-3xl">Search the gallery and stories</h2>
        <p className="mt-3 text-ink-soft">
          Look for a place, a mood or a colour: paintings and blog stories both appear.
        </p>
      </div>
    );
  }
  const count = artworks.length + posts.length;
  return (
    <div>
      <p role="status" className="text-ink-soft">
        {count === 0 ? (
          <>
            No results for <q className="font-medium text-ink">{query}</q>. Try fewer or different words, or{' '}
            <IntentLink href="/gallery" className="text-wash underline">
              browse the gallery
            </IntentLink>
            .
          </>
        ) : (
          <>
            {count} {count === 1 ? 'result' : 'results'} for <q className="font-medium text-ink">{query}</q>
          </>
        )}
      </p>
      {artworks.length > 0 && (
        <section aria-labelledby="artwork-results" className="mt-10">
          <h2 id="artwork-results" className="mb-8 text-3xl">
            Paintings
          </h2>
          <ArtworkGrid items={artworks} />
        </section>
      )}
      {posts.length > 0 && (
        <section aria-labelledby="story-results" className="mt-16">
          <h2 id="story-results" className="mb-6 text-3xl">
            Stories
          </h2>
          <ul className="divide-y divide-line border-y border-line">
            {posts.map((post) => (
              <li key={post.slug} className="py-6">
                <h3 className="text-2xl">
                  <IntentLink href={`/blog/${post.slug}`} className="hover:underline">
                    {post.title}
                  </IntentLink>
                </h3>
                <p className="mt-1 text-sm text-ink-soft">
                  <time dateTime={post.date}>{formatPostDate(post.date)}</time> · {post.readTime}
                </p>
                <p className="mt-3 text-ink-soft">{post.excerpt}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
