import type { MetadataRoute } from 'next';
import { env } from '@/lib/env';

export default function robots(): MetadataRoute.Robots {
  const origin = env().SITE_URL;
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/admin', '/__debug', '/api'] },
    sitemap: new URL('/sitemap.xml', origin).toString(),
    host: origin,
  };
}
