import Link from 'next/link';
import { buttonVariants } from '@/components/ui/button-variants';

const countFormat = new Intl.NumberFormat('en-GB');

/** The URL of one page of the bulk list, keeping the search. */
export function bulkPageHref(q: string, page: number): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/admin/artworks/bulk-manage${query ? `?${query}` : ''}`;
}

export function BulkPagination({ q, page, pageCount }: { q: string; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const link = buttonVariants({ variant: 'secondary', size: 'sm' });
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-2 text-sm">
      {page > 1 ? (
        <Link href={bulkPageHref(q, page - 1)} className={link} rel="prev">
          <span aria-hidden>←</span> Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-ink-soft">
        Page {countFormat.format(page)} of {countFormat.format(pageCount)}
      </p>
      {page < pageCount ? (
        <Link href={bulkPageHref(q, page + 1)} className={link} rel="next">
          Next <span aria-hidden>→</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
