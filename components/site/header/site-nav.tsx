'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { isNavActive, mainNav } from '@/lib/nav';
// clsx, not cn(): tailwind-merge would add ~7 KB to this client island; no classes here conflict.
import { clsx as cn } from 'clsx';
import { IconSvg } from '@/components/site/icon-svg';
import { IntentLink } from '@/components/site/intent-link';

/**
 * Main navigation, marking the current page. Its three icons (menu, close, search: Lucide's
 * paths) are drawn here rather than imported from components/site/icons.tsx: this island is on
 * every page, and importing that module would put every client island's icons in its chunk.
 *
 * The current page is marked once the island has hydrated, from usePathname() in a child that
 * only the browser renders. On the server the links render unmarked and nothing waits on the
 * URL: reading it while prerendering made the nav a Suspense boundary, whose fallback and
 * resolved copy both landed in every page's HTML.
 */
export function SiteNav() {
  const [pathname, setPathname] = useState<string | null>(null);
  const hydrated = useHydrated();
  return (
    <>
      {hydrated && <PathnameWatcher onChange={setPathname} />}
      <NavMenu pathname={pathname} />
    </>
  );
}

function PathnameWatcher({ onChange }: { onChange: (pathname: string) => void }) {
  const pathname = usePathname();
  useEffect(() => onChange(pathname), [pathname, onChange]);
  return null;
}

/** A row of links from md up, a toggled panel below that; `pathname` null marks none. */
function NavMenu({ pathname }: { pathname: string | null }) {
  const [open, setOpen] = useState(false);

  // Links prefetch on intent, not on sight (IntentLink): these are on every page, and
  // prefetching all seven routes on each page view would cost a phone on a slow link bandwidth the
  // page's own painting needs. Opening the menu is intent for all of them.

  // Any navigation closes the menu: the header outlives the page under it. A new path (a link
  // anywhere, a redirect, Back or Forward) closes it while rendering the new page...
  const [shownOn, setShownOn] = useState(pathname);
  if (shownOn !== pathname) {
    setShownOn(pathname);
    setOpen(false);
  }

  // ...and so do a link chosen anywhere (the same page again, an anchor), Back and Forward
  // within a page (a query or a hash), and Escape, as in any disclosure.
  useEffect(() => {
    if (!open) return;
    const close = () => setOpen(false);
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    const onClick = (event: MouseEvent) =>
      event.target instanceof Element && event.target.closest('a[href]') && close();
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    window.addEventListener('popstate', close);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
      window.removeEventListener('popstate', close);
    };
  }, [open]);

  // One list, drawn as a row from md up and as a panel below that: every link is in the HTML
  // (and in the page's flight data) once, not once per layout.
  return (
    <nav aria-label="Main">
      <button
        type="button"
        className="nav-toggle"
        aria-label={open ? 'Close menu' : 'Open menu'}
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={() => setOpen((value) => !value)}
      >
        <IconSvg className="size-6">
          <path d={open ? 'M18 6 6 18M6 6l12 12' : 'M4 5h16M4 12h16M4 19h16'} />
        </IconSvg>
      </button>
      <ul id="mobile-menu" className={cn('nav-list', open && 'nav-open')}>
        {mainNav.map((link) => {
          const active = pathname !== null && isNavActive(link.href, pathname);
          return (
            <li key={link.href}>
              <IntentLink
                href={link.href}
                wanted={open}
                aria-current={active ? 'page' : undefined}
                className="nav-link"
              >
                {link.label}
              </IntentLink>
            </li>
          );
        })}
        {/* Search after the six links: an icon on the bar, a labelled row in the panel. */}
        <li>
          <IntentLink
            href="/search"
            wanted={open}
            aria-current={pathname === '/search' ? 'page' : undefined}
            className="nav-link nav-search"
          >
            <IconSvg className="size-5">
              <path d="m21 21-4.34-4.34" />
              <circle cx="11" cy="11" r="8" />
            </IconSvg>
            <span className="md:sr-only">Search</span>
          </IntentLink>
        </li>
      </ul>
    </nav>
  );
}
