/**
 * The main navigation, apart from lib/site.ts: the header's client island imports it, and a
 * module's every export lands in the island's chunk (the site's facts, footer and social links
 * cost about 0.4 KB gzipped on every page there).
 */
export type NavLink = { href: string; label: string };

/** The header's links, in order. */
export const mainNav: NavLink[] = [
  { href: '/', label: 'Home' },
  { href: '/gallery', label: 'Gallery' },
  { href: '/shop', label: 'Shop' },
  { href: '/blog', label: 'Blog' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
];

/** Gallery is active on every gallery path (collections, artworks); the others on exact match. */
export function isNavActive(href: string, pathname: string): boolean {
  if (href === '/gallery') return pathname.startsWith('/gallery');
  return pathname === href;
}
