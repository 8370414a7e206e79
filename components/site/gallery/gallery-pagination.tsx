import { ChevronLeftIcon, ChevronRightIcon } from '@/components/site/icons';
import { pageLinks } from '@/lib/paging';
import { currentPage } from '../current-page';

/**
 * Plain links (crawlable, work without JavaScript) with rel prev/next. Not next/link: a page
 * of cards is a full document, and the server answers it from cache as fast as a soft nav.
 * Styled through .pagination; the current page is filled by its aria-current.
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
    <nav aria-label={label} className="pagination">
      <ul>
        <li>
          {links.previous ? (
            <a href={links.previous} rel="prev">
              <ChevronLeftIcon /> Previous
            </a>
          ) : null}
        </li>
        {links.pages.map((p) => (
          <li key={p.page}>
            <a href={p.href} {...currentPage(p.current)}>
              <span>Page </span>
              {p.page}
            </a>
          </li>
        ))}
        <li>
          {links.next ? (
            <a href={links.next} rel="next">
              Next <ChevronRightIcon />
            </a>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
