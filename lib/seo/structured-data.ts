import { site, socialLinks } from '@/lib/site';
import type { FaqEntry } from '@/lib/content';

/**
 * schema.org builders. They take the site origin (env().SITE_URL) so the same builders serve
 * pages, tests and any origin the site is deployed on.
 */
const absolute = (origin: string, path: string) => new URL(path, origin).toString();

export const personId = (origin: string) => absolute(origin, '/#person');
export const websiteId = (origin: string) => absolute(origin, '/#website');

export function personJsonLd(origin: string) {
  return {
    '@type': 'Person',
    '@id': personId(origin),
    name: site.name,
    jobTitle: site.jobTitle,
    email: `mailto:${site.email}`,
    url: absolute(origin, '/about'),
    image: absolute(origin, '/images/artist-portrait.webp'),
    address: { '@type': 'PostalAddress', addressLocality: site.locality, addressCountry: site.country },
    sameAs: socialLinks.map((link) => link.href),
  };
}

export function websiteJsonLd(origin: string) {
  return {
    '@type': 'WebSite',
    '@id': websiteId(origin),
    name: site.siteName,
    url: absolute(origin, '/'),
    inLanguage: 'en-GB',
    publisher: { '@id': personId(origin) },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${absolute(origin, '/search')}?q={query}` },
      'query-input': 'required name=query',
    },
  };
}

/** The graph every page carries (root layout). */
export function siteGraphJsonLd(origin: string) {
  return { '@context': 'https://schema.org', '@graph': [websiteJsonLd(origin), personJsonLd(origin)] };
}

export type BlogPostingInput = {
  slug: string;
  /** Its page's path: a story's /blog/<slug> unless said (a newsletter letter's web version says its own). */
  path?: string;
  title: string;
  description: string;
  /** When it was published (ISO 8601). */
  date: string;
  /** When it last changed (ISO 8601). */
  dateModified?: string;
  imageUrl: string | null;
  author: string;
  tags: string[];
  category: string;
};

export function blogPostingJsonLd(origin: string, post: BlogPostingInput) {
  const url = absolute(origin, post.path ?? `/blog/${post.slug}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    '@id': `${url}#article`,
    headline: post.title,
    description: post.description,
    datePublished: post.date,
    ...(post.dateModified ? { dateModified: post.dateModified } : {}),
    ...(post.imageUrl ? { image: absolute(origin, post.imageUrl) } : {}),
    url,
    mainEntityOfPage: url,
    inLanguage: 'en-GB',
    articleSection: post.category,
    keywords: post.tags.join(', '),
    author: { '@type': 'Person', '@id': personId(origin), name: post.author },
    publisher: { '@id': personId(origin) },
  };
}

export function profilePageJsonLd(origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url: absolute(origin, '/about'),
    name: `About ${site.name}`,
    mainEntity: personJsonLd(origin),
  };
}

export function faqPageJsonLd(origin: string, faq: FaqEntry[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    url: absolute(origin, '/about/ai-profile'),
    about: { '@id': personId(origin) },
    mainEntity: faq.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.answer },
    })),
  };
}
