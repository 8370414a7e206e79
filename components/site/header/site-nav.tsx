'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Menu, Search, X } from 'lucide-react';
import { isNavActive, mainNav } from '@/lib/content/site';
// clsx, not cn(): tailwind-merge would add ~7 KB to this client island; no classes here conflict.
import { clsx as cn } from 'clsx';

/** Main navigation, marking the current page. */
export function SiteNav() {
  return <NavMenu pathname={usePathname()} />;
}

/**
 * A row of links from md up, a toggled panel below that. `pathname` null renders the same
 * links with none marked: the fallback while a dynamic route's URL is not yet known.
 */
export function NavMenu({ pathname }: { pathname: string | null }) {
  const [open, setOpen] = useState(false);

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
    const onClick = (event: MouseEvent) => event.target instanceof Element && event.target.closest('a[href]') && close();
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    window.addEventListener('popstate', close);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
      window.removeEventListener('popstate', close);
    };
  }, [open]);

  const links = (variant: 'bar' | 'panel') =>
    mainNav.map((link) => {
      const active = pathname !== null && isNavActive(link.href, pathname);
      return (
        <li key={link.href}>
          <Link
            href={link.href}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'flex min-h-11 items-center rounded-full transition-colors hover:bg-paper-deep',
              variant === 'panel' ? 'px-4 text-lg' : 'px-3',
              active ? 'font-semibold text-wash-deep underline decoration-2 underline-offset-8' : 'text-ink',
            )}
          >
            {link.label}
          </Link>
        </li>
      );
    });

  // Search (/search) after the six links: an icon on the bar, a labelled row in the panel.
  const search = (variant: 'bar' | 'panel') => {
    const active = pathname === '/search';
    return (
      <li>
        <Link
          href="/search"
          aria-current={active ? 'page' : undefined}
          className={cn(
            'flex min-h-11 items-center gap-2 rounded-full transition-colors hover:bg-paper-deep',
            variant === 'panel' ? 'px-4 text-lg' : 'min-w-11 justify-center',
            active ? 'font-semibold text-wash-deep' : 'text-ink',
            active && variant === 'panel' && 'underline decoration-2 underline-offset-8',
            active && variant === 'bar' && 'bg-paper-deep',
          )}
        >
          <Search aria-hidden className="size-5" />
          <span className={variant === 'bar' ? 'sr-only' : undefined}>Search</span>
        </Link>
      </li>
    );
  };

  return (
    <nav aria-label="Main">
      <ul className="hidden items-center gap-1 md:flex">
        {links('bar')}
        {search('bar')}
      </ul>
      <button
        type="button"
        className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-paper-deep md:hidden"
        aria-label={open ? 'Close menu' : 'Open menu'}
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
      </button>
      <div
        id="mobile-menu"
        hidden={!open}
        className="absolute inset-x-0 top-20 border-b border-line bg-paper shadow-lg md:hidden"
      >
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-4">
          {links('panel')}
          {search('panel')}
        </ul>
      </div>
    </nav>
  );
}
