import { cacheLife } from 'next/cache';

/**
 * The current year, for the copyright line. With cacheComponents a bare `new Date()` would stop
 * the prerender; caching it for a day keeps every page static and the year right within a day
 * of New Year (the page shell is revalidated in the background).
 */
export async function CopyrightYear() {
  'use cache';
  cacheLife('days');
  return <>{new Date().getFullYear()}</>;
}
