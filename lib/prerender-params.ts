/**
 * What a dynamic route's generateStaticParams returns: the params to prerender at build, read
 * from the database, or `sample` when there are none (with cacheComponents the list must not be
 * empty; the sample renders like any unknown page).
 *
 * `next dev` prerenders nothing: every page renders on request. It still calls
 * generateStaticParams, in a worker process of its own, and that process must not open the
 * embedded database, which the dev server holds under its DATA_DIR lock (lib/db/lock.ts). In
 * development the list is therefore the sample alone, and the database is never asked.
 */
export async function prerenderParams<T>(load: () => Promise<T[]>, sample: T): Promise<T[]> {
  if (process.env.NODE_ENV === 'development') return [sample];
  const params = await load();
  return params.length ? params : [sample];
}
