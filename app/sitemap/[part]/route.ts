import { sitemapEntries } from '@/lib/artworks/sitemap';
import { env } from '@/lib/env';
import { sitemapPartResponse } from '@/lib/sitemap/xml';

/** /sitemap/{n}.xml: part n of a sitemap split past 50,000 URLs (the index names each part). */
export async function GET(_request: Request, { params }: { params: Promise<{ part: string }> }) {
  const origin = env().SITE_URL;
  return sitemapPartResponse((await params).part, await sitemapEntries(origin));
}
