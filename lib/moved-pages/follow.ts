/** Longest chain followed before giving up; recordRedirect keeps real chains to one hop. */
export const MAX_REDIRECT_HOPS = 10;

/** Paths a redirect may be looked up for: site-relative, bounded, and storable in Postgres text. */
export function isLookupablePath(path: string): boolean {
  return path.startsWith('/') && path.length <= 300 && !path.includes('\u0000');
}

/**
 * Follows recorded redirects from `start` to the final destination: A→B then B→C gives C. It
 * stops early at a path that is a live page (a redirect away from a live page is stale). A
 * redirect is only answered when the chain really ends there, so the answer never redirects
 * again and a browser can never loop: a cycle, or a chain longer than MAX_REDIRECT_HOPS,
 * answers null (the page is then simply not found).
 */
export async function followRedirects(
  start: string,
  lookup: (path: string) => Promise<string | null>,
  isLive: (path: string) => Promise<boolean> = async () => false,
): Promise<string | null> {
  if (!isLookupablePath(start)) return null;
  const seen = new Set([start]);
  let current = start;
  for (let hop = 0; hop < MAX_REDIRECT_HOPS; hop++) {
    const next = await lookup(current);
    if (next === null) return current === start ? null : current;
    if (seen.has(next) || !isLookupablePath(next)) return null;
    seen.add(next);
    current = next;
    if (await isLive(current)) return current;
  }
  // Hop budget spent: answer only if the chain really ends here.
  return (await lookup(current)) === null ? current : null;
}
