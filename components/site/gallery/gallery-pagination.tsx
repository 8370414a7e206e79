import { ChevronLeftIcon, ChevronRightIcon } from '@/components/site/icons';
import { pageLinks } from '@/lib/paging';
import { cn } from '@/lib/utils';

const item =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full border px-4 text-sm font-medium transition-colors';

/**
 * Plain links (crawlable, work without JavaScript) with rel prev/next. Not next/link: a page
 * of cards is a full document, and the server answers it from cache as fast as a soft nav.
 */
export function GalleryPagination({
  basePath,
  page,
  pageCount,
  label = 'Gallery pages',
}: {
  basePath: string;
  page: number;
  pageCount: number;
  label?: string;
}) {
  if (pageCount <= 1) return null;
  const links = pageLinks(basePath, page, pageCount);
  return (
    <nav aria-label={label} className="mt-16 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {links.previous ? (
            <a href={links.previous} rel="prev" className={cn(item, 'border-line bg-white hover:bg-paper-deep')}>
              <ChevronLeftIcon className="size-4" /> Previous
            </a>
          ) : null}
        </li>
        {links.pages.map((p) => (
          <li key={p.page}>
            <a
              href={p.href}
              aria-current={p.current ? 'page' : undefined}
              className={cn(
                item,
                p.current ? 'border-wash bg-wash text-white' : 'border-line bg-white hover:bg-paper-deep',
              )}
            >
              <span className="sr-only">Page </span>
              {p.page}
            </a>
          </li>
        ))}
        <li>
          {links.next ? (
            <a href={links.next} rel="next" className={cn(item, 'border-line bg-white hover:bg-paper-deep')}>
              Next <ChevronRightIcon className="size-4" />
            </a>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
