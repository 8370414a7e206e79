import type { Metadata } from 'next';
import { connection } from 'next/server';
import { Suspense } from 'react';
import { PageHeader } from '@/components/site/page-header';
import { SearchForm } from '@/components/site/search/search-form';
import { SearchResults } from '@/components/site/search/search-results';
import { normaliseQuery, searchSite } from '@/lib/search';

// Result pages are endless and thin: keep them out of the index, but let crawlers follow links.
export const metadata: Metadata = {
  title: 'Search',
  description: 'Search Elena Marsh’s watercolours and blog stories.',
  alternates: { canonical: '/search' },
  robots: { index: false, follow: true },
};

// Rendered per request, shell and all, never from a prerendered shell: its scripts carry this
// request's nonce (proxy.ts), which Next can only put on scripts it renders for the request.
// Blocking on the request outside <Suspense> is what instant = false allows (as app/admin/layout.tsx).
export const instant = false;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Reads the query and searches: streamed in, with the empty form shown meanwhile. */
async function Results({ searchParams }: Props) {
  const query = normaliseQuery((await searchParams).q);
  const results = await searchSite(query);
  return (
    <>
      <SearchForm defaultValue={query} />
      <div className="mt-12">
        <SearchResults results={results} />
      </div>
    </>
  );
}

export default async function SearchPage({ searchParams }: Props) {
  await connection();
  return (
    <>
      <PageHeader eyebrow="Search" title="Find a Painting or Story" />
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <div className="mx-auto max-w-6xl">
          <Suspense fallback={<SearchForm />}>
            <Results searchParams={searchParams} />
          </Suspense>
        </div>
      </div>
    </>
  );
}
