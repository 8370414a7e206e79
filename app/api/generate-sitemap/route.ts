import { adminRoute } from '@/lib/actions/admin-route';
import { sitemapEntries } from '@/lib/sitemap/entries';
import { invalidatePublicContent } from '@/lib/cache/invalidate';
import { env } from '@/lib/env';
import { generateSitemap } from '@/lib/sitemap/generate';
import { searchEngineNotifier } from '@/lib/search-engines';

/**
 * The generate-sitemap function (docs/product.md, Calls): invoked with no body, answers
 * { sitemapUrl, pingResult: { google, bing }, fatal, error }. POST handlers are never cached.
 */
export const POST = adminRoute(async (request, ctx) => {
  const result = await generateSitemap({
    db: ctx.db,
    claims: ctx.claims,
    siteUrl: env().SITE_URL,
    searchEngines: searchEngineNotifier(),
    // The sitemap carries the artworks tag (lib/sitemap/entries.ts).
    refresh: () => invalidatePublicContent({}, 'route'),
    entries: () => sitemapEntries(),
    correlationId: request.headers.get('x-correlation-id'),
  });
  return Response.json(result, { status: result.fatal ? 500 : 200, headers: { 'Cache-Control': 'no-store' } });
});
