import type { Metadata } from 'next';
import { site } from '@/lib/site';

type PageMetadataInput = {
  title: string;
  description: string;
  /** Site-relative path; metadataBase (root layout) makes it absolute. */
  path: string;
  image?: { url: string; width: number; height: number; alt: string };
  type?: 'website' | 'article' | 'profile';
  /** Use the title as written, without the '| Elena Marsh Watercolours' suffix. */
  absoluteTitle?: boolean;
};

/**
 * Title (the root template adds the site suffix), description, canonical and Open Graph for a
 * page. Next replaces a parent's openGraph object instead of merging it, so the default image is
 * repeated here rather than inherited.
 */
export function pageMetadata({
  title,
  description,
  path,
  image = site.ogImage,
  type = 'website',
  absoluteTitle = false,
}: PageMetadataInput): Metadata {
  const fullTitle = absoluteTitle ? title : `${title} | ${site.siteName}`;
  return {
    title: absoluteTitle ? { absolute: title } : title,
    description,
    alternates: { canonical: path },
    openGraph: {
      title: fullTitle,
      description,
      url: path,
      siteName: site.siteName,
      locale: 'en_GB',
      type,
      images: [image],
    },
    twitter: { card: 'summary_large_image', title: fullTitle, description, images: [image.url] },
  };
}
