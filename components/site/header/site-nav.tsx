'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Menu, X } from 'lucide-react';
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

  // Escape closes the open menu, as in any disclosure.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const links = (variant: 'bar' | 'panel') =>
    mainNav.map((link) => {
      const active = pathname !== null && isNavActive(link.href, pathname);
      return (
        <li key={link.href}>
          <Link
            href={link.href}
            aria-current={active ? 'page' : undefined}
            onClick={() => setOpen(false)}
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

  return (
    <nav aria-label="Main">
      <ul className="hidden items-center gap-1 md:flex">{links('bar')}</ul>
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
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-4">{links('panel')}</ul>
      </div>
    </nav>
  );
}
