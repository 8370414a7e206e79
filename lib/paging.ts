/**
 * Gallery pages live at path segments (/gallery/all/page/2), not query strings: a query string
 * would make the page dynamic under cacheComponents, and path pages prerender and crawl cleanly.
 */

/** A page segment as a number: positive integers written plainly ('2', not '02', '2.0' or '-1'). */
export function parsePageSegment(segment: string): number | null {
  if (!/^[1-9]\d{0,5}$/.test(segment)) return null;
  return Number(segment);
}

/** The URL of page `page` of a gallery listed at `basePath`; page 1 is the base path itself. */
export function galleryPagePath(basePath: string, page: number): string {
  return page <= 1 ? basePath : `${basePath}/page/${page}`;
}

export type PageLinks = {
  previous: string | null;
  next: string | null;
  pages: { page: number; href: string; current: boolean }[];
};

/** Previous, next and numbered links for page `page` of `pageCount`. */
export function pageLinks(basePath: string, page: number, pageCount: number): PageLinks {
  return {
    previous: page > 1 ? galleryPagePath(basePath, page - 1) : null,
    next: page < pageCount ? galleryPagePath(basePath, page + 1) : null,
    pages: Array.from({ length: pageCount }, (_, i) => ({
      page: i + 1,
      href: galleryPagePath(basePath, i + 1),
      current: i + 1 === page,
    })),
  };
}

/** True when `page` exists for `total` items; page 1 always exists (it shows the empty state). */
export function pageExists(page: number, total: number, pageSize: number): boolean {
  return page === 1 || (page - 1) * pageSize < total;
}
