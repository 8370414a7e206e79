import { sitemapEntries } from '@/lib/sitemap/entries';
import { env } from '@/lib/env';
import { sitemapXml, xmlResponse } from '@/lib/sitemap/xml';

/**
 * /sitemap.xml (named by robots.txt): every public URL, or past 50,000 a sitemap index of the
 * parts. A route handler rather than Next's sitemap.ts file convention because Next's
 * generateSitemaps serves only /sitemap/{id}.xml and no index. Prerendered; the sitemap's cache tag
 * refreshes it.
 */
export async function GET() {
  const origin = env().SITE_URL;
  return xmlResponse(sitemapXml(origin, await sitemapEntries()));
}
