/**
 * `aria-current="page"` for the link to the page being shown, and nothing for the others: a
 * prop set to undefined would still be written into the page's payload ("$undefined") once per
 * link. Spread it: `<a {...currentPage(active)}>`.
 */
export function currentPage(current: boolean): { 'aria-current'?: 'page' } {
  return current ? { 'aria-current': 'page' } : {};
}
