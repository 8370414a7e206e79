import type { MetadataRoute } from 'next';
import { describe, expect, it } from 'vitest';
import { SITEMAP_URL_LIMIT, sitemapPartResponse, sitemapXml, urlsetXml } from './xml';

const origin = 'https://elenamarsh.example';
/** A synthetic sitemap of n URLs (no database: the split is a pure function of the list). */
const entries = (n: number): MetadataRoute.Sitemap =>
  Array.from({ length: n }, (_, i) => ({
    url: `${origin}/gallery/all/art-${i}`,
    lastModified: new Date(Date.UTC(2026, 0, 1) + i * 1000),
  }));
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe('sitemap.xml and the 50,000-URL limit', () => {
  it('is one <urlset> of every URL up to 50,000', () => {
    const xml = sitemapXml(origin, entries(SITEMAP_URL_LIMIT));
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(xml).not.toContain('<sitemapindex');
    expect(locs(xml)).toHaveLength(SITEMAP_URL_LIMIT);
    expect(xml).toContain('<lastmod>2026-01-01T00:00:00.000Z</lastmod>');
  });

  it('becomes a <sitemapindex> past 50,000, naming each part with its newest lastmod', () => {
    const list = entries(SITEMAP_URL_LIMIT + 1);
    const xml = sitemapXml(origin, list);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(xml).not.toContain('<urlset');
    expect(locs(xml)).toEqual([`${origin}/sitemap/1.xml`, `${origin}/sitemap/2.xml`]);
    expect(xml).toContain(`<lastmod>${new Date(list[SITEMAP_URL_LIMIT - 1]!.lastModified!).toISOString()}</lastmod>`);
    expect(xml).toContain(`<lastmod>${new Date(list[SITEMAP_URL_LIMIT]!.lastModified!).toISOString()}</lastmod>`);
  });

  it('serves each part as a <urlset> holding its share, every URL exactly once', async () => {
    const list = entries(2 * SITEMAP_URL_LIMIT + 3);
    const parts = await Promise.all(
      ['1.xml', '2.xml', '3.xml'].map(async (part) => locs(await sitemapPartResponse(part, list).text())),
    );
    expect(parts.map((p) => p.length)).toEqual([SITEMAP_URL_LIMIT, SITEMAP_URL_LIMIT, 3]);
    expect(new Set(parts.flat()).size).toBe(list.length);
    const response = sitemapPartResponse('3.xml', list);
    expect(response.headers.get('content-type')).toBe('application/xml');
  });

  it('answers 404 for a part that does not exist, or when the sitemap is not split', () => {
    const list = entries(SITEMAP_URL_LIMIT + 1);
    for (const part of ['0.xml', '3.xml', '1', 'x.xml', '01.xml', '1.xml.gz'])
      expect(sitemapPartResponse(part, list).status, part).toBe(404);
    expect(sitemapPartResponse('1.xml', entries(10)).status).toBe(404);
  });
});

describe('a <urlset>', () => {
  it('writes each entry as Next’s sitemap.ts route would, its address escaped', () => {
    expect(
      urlsetXml([
        {
          url: `${origin}/`,
          lastModified: new Date('2026-11-20T10:00:00.000Z'),
          changeFrequency: 'weekly',
          priority: 1,
        },
        { url: `${origin}/search?q=rain&page=2`, lastModified: '2026-11-21' },
        { url: `${origin}/about`, priority: 0 },
      ]),
    ).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '<url>',
        `<loc>${origin}/</loc>`,
        '<lastmod>2026-11-20T10:00:00.000Z</lastmod>',
        '<changefreq>weekly</changefreq>',
        '<priority>1</priority>',
        '</url>',
        '<url>',
        `<loc>${origin}/search?q=rain&amp;page=2</loc>`,
        '<lastmod>2026-11-21</lastmod>',
        '</url>',
        '<url>',
        `<loc>${origin}/about</loc>`,
        '<priority>0</priority>',
        '</url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });
});
