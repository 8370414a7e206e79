import type { StoryCategory } from '@/lib/stories/fields';

export { storyCategories } from '@/lib/categories';

/** The blog filter's buttons: All, then the three categories (docs/product.md, Blog). */
export const blogCategories = ['All', 'Sanctuaries of the Mind', 'Techniques', 'Inspiration'] as const;

/** A published story as the public blog shows it (lib/stories/public.ts makes it from its row). */
export type BlogPost = {
  slug: string;
  title: string;
  category: StoryCategory;
  /** The publication day, 'YYYY-MM-DD' (UTC). */
  date: string;
  publishedAt: Date;
  updatedAt: Date;
  excerpt: string;
  imageUrl: string | null;
  imageSrcSet: string | null;
  imageWidth: number;
  imageHeight: number;
  alt: string;
  metaTitle: string;
  metaDescription: string;
  /** Cleaned HTML (lib/rich-text/sanitize.ts). */
  content: string;
  author: string;
  profileImage: string;
  tags: string[];
  readTime: string;
};

const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** '2025-03-12' → '12 March 2025' (en-GB long dates: docs/product.md, Blog). */
export function formatPostDate(isoDate: string): string {
  return longDate.format(new Date(isoDate));
}
