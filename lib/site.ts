import type { NavLink } from './nav';

/** Facts about the artist and the site that several pages, the footer and the structured data share. */
export const site = {
  name: 'Elena Marsh',
  siteName: 'Elena Marsh Watercolours',
  tagline: 'South London Watercolour Artist',
  jobTitle: 'Watercolour Artist',
  email: 'hello@elenamarsh.art',
  locality: 'South London',
  country: 'UK',
  description:
    'Calming original watercolours, prints, cards and gifts by Elena Marsh, a South London watercolour artist.',
  ogImage: {
    url: '/og-default.jpg',
    width: 1200,
    height: 630,
    alt: 'Elena Marsh Watercolours: soft watercolour washes',
  },
  newsletterPromo: '20% off prints',
} as const;

export const quickLinks: NavLink[] = [
  { href: '/gallery', label: 'Gallery' },
  { href: '/shop', label: 'Shop' },
  { href: '/blog', label: 'Blog' },
  // The newsletter's sent letters (docs/product.md, Letters).
  { href: '/newsletter', label: 'Past letters' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
];

export const legalLinks: NavLink[] = [
  { href: '/terms', label: 'Terms & Conditions' },
  { href: '/privacy', label: 'Privacy Policy' },
];

export const socialLinks = [
  { network: 'Instagram', href: 'https://www.instagram.com/elenamarsh.art' },
  { network: 'Facebook', href: 'https://www.facebook.com/elenamarsh.art' },
  { network: 'Twitter', href: 'https://twitter.com/elenamarshart' },
] as const;

export type SocialNetwork = (typeof socialLinks)[number]['network'];
