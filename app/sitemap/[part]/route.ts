import { sitemapEntries } from '@/lib/sitemap/entries';
import { sitemapPartResponse } from '@/lib/sitemap/xml';

/** /sitemap/{n}.xml: part n of a sitemap split past 50,000 URLs (the index names each part). */
export async function GET(_request: Request, { params }: { params: Promise<{ part: string }> }) {
  return sitemapPartResponse((await params).part, await sitemapEntries());
}
