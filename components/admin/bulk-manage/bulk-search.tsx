import Form from 'next/form';
import Link from 'next/link';
import { Search } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import { fieldClasses } from '@/components/ui/field-classes';
import { SEARCH_MAX_LENGTH } from '@/lib/artworks/search-limits';

const countFormat = new Intl.NumberFormat('en-GB');

/**
 * Search by title: a GET form, so the search is in the URL and the server filters (a
 * catalogue of thousands never travels to the browser). Works before the page's JavaScript.
 */
export function BulkSearch({ q, total }: { q: string; total: number }) {
  const found = `${countFormat.format(total)} ${total === 1 ? 'artwork' : 'artworks'}`;
  return (
    <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
      <Form action="/admin/artworks/bulk-manage" role="search" className="flex w-full max-w-md items-end gap-2">
        <div className="flex-1">
          <label htmlFor="bulk-search" className="mb-1 block text-sm font-medium text-ink">
            Search by title
          </label>
          <input
            id="bulk-search"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={SEARCH_MAX_LENGTH}
            autoComplete="off"
            className={`${fieldClasses} h-11`}
          />
        </div>
        <button type="submit" className={`${buttonVariants({ variant: 'secondary', size: 'sm' })} h-11`}>
          <Search aria-hidden className="size-4" /> Search
        </button>
      </Form>
      <p className="text-sm text-ink-soft">
        {q ? (
          <>
            {found} matching “{q}” ·{' '}
            <Link
              href="/admin/artworks/bulk-manage"
              className="text-wash underline underline-offset-4 hover:text-wash-deep"
            >
              Clear search
            </Link>
          </>
        ) : (
          found
        )}
      </p>
    </div>
  );
}
