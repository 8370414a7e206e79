import type { MetadataRoute } from 'next';
import { sitemapEntries } from '@/lib/artworks/sitemap';
import { env } from '@/lib/env';

export default function sitemap(): Promise<MetadataRoute.Sitemap> {
  return sitemapEntries(env().SITE_URL);
}
