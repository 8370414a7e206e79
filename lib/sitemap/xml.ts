import type { MetadataRoute } from 'next';

/** The sitemaps protocol's limit of URLs in one sitemap file (sitemaps.org). */
export const SITEMAP_URL_LIMIT = 50_000;

/** Where part n (1-based) of a split sitemap is served: app/sitemap/[part]/route.ts. */
export const sitemapPartPath = (part: number) => `/sitemap/${part}.xml`;

export function sitemapPartCount(entries: number, limit = SITEMAP_URL_LIMIT): number {
  return Math.max(1, Math.ceil(entries / limit));
}

/** Part n (1-based) of the entries, or null when there is no such part. */
export function sitemapPart(
  entries: MetadataRoute.Sitemap,
  part: number,
  limit = SITEMAP_URL_LIMIT,
): MetadataRoute.Sitemap | null {
  if (!Number.isInteger(part) || part < 1 || part > sitemapPartCount(entries.length, limit)) return null;
  return entries.slice((part - 1) * limit, part * limit);
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

function latest(entries: MetadataRoute.Sitemap): Date | undefined {
  let max: Date | undefined;
  for (const entry of entries) {
    if (!entry.lastModified) continue;
    const date = new Date(entry.lastModified);
    if (!max || date > max) max = date;
  }
  return max;
}

/** A <sitemapindex> naming each part, with the newest lastmod of its entries. */
export function sitemapIndexXml(origin: string, entries: MetadataRoute.Sitemap, limit = SITEMAP_URL_LIMIT): string {
  const parts: string[] = [];
  for (let part = 1; part <= sitemapPartCount(entries.length, limit); part++) {
    const lastmod = latest(sitemapPart(entries, part, limit)!);
    const loc = escapeXml(new URL(sitemapPartPath(part), origin).toString());
    parts.push(
      `<sitemap>\n<loc>${loc}</loc>\n${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>\n` : ''}</sitemap>\n`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${parts.join('')}</sitemapindex>\n`;
}

/**
 * A <urlset> of the entries, in the layout Next's sitemap.ts metadata route writes, of the four
 * fields the site's entries carry (lib/sitemap/entries.ts: the address, lastmod, changefreq and
 * priority; no images, videos or alternates). Unlike Next's, the address is XML-escaped.
 */
export function urlsetXml(entries: MetadataRoute.Sitemap): string {
  const urls = entries.map(({ url, lastModified, changeFrequency, priority }) => {
    let xml = `<url>\n<loc>${escapeXml(url)}</loc>\n`;
    if (lastModified)
      xml += `<lastmod>${lastModified instanceof Date ? lastModified.toISOString() : lastModified}</lastmod>\n`;
    if (changeFrequency) xml += `<changefreq>${changeFrequency}</changefreq>\n`;
    if (typeof priority === 'number') xml += `<priority>${priority}</priority>\n`;
    return `${xml}</url>\n`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('')}</urlset>\n`;
}

/**
 * What /sitemap.xml serves: every entry as one <urlset> up to the limit; beyond it, a
 * <sitemapindex> pointing at the parts, as the protocol requires.
 */
export function sitemapXml(origin: string, entries: MetadataRoute.Sitemap, limit = SITEMAP_URL_LIMIT): string {
  return entries.length <= limit ? urlsetXml(entries) : sitemapIndexXml(origin, entries, limit);
}

/** How a sitemap document is answered (as Next answers its metadata sitemap route). */
export function xmlResponse(xml: string): Response {
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml', 'Cache-Control': 'public, max-age=0, must-revalidate' },
  });
}

/** /sitemap/{n}.xml: part n as a <urlset>, or 404 when the sitemap is not split or has no such part. */
export function sitemapPartResponse(
  segment: string,
  entries: MetadataRoute.Sitemap,
  limit = SITEMAP_URL_LIMIT,
): Response {
  const match = /^([1-9]\d{0,5})\.xml$/.exec(segment);
  const part = match && entries.length > limit ? sitemapPart(entries, Number(match[1]), limit) : null;
  return part
    ? xmlResponse(urlsetXml(part))
    : new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
