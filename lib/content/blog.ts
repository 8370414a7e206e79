import { blogPosts, type BlogPost } from '@/lib/seed/blog-posts';

export type { BlogPost };
export { blogCategories } from '@/lib/seed/blog-posts';

const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** '2025-03-12' → '12 March 2025' (spec: blog dates in en-GB long format). */
export function formatPostDate(isoDate: string): string {
  return longDate.format(new Date(isoDate));
}

/** Newest first. */
export function listPosts(): BlogPost[] {
  return [...blogPosts].sort((a, b) => b.date.localeCompare(a.date));
}

export function getPost(slug: string): BlogPost | undefined {
  return blogPosts.find((post) => post.slug === slug);
}

/** Hero images are 1200×675 with a 600-wide variant beside them (`/blog/1.webp`, `/blog/1-600.webp`). */
export const blogImageSize = { width: 1200, height: 675 } as const;

export function blogImageSrcSet(imageUrl: string): string {
  return `${imageUrl.replace(/\.webp$/i, '-600.webp')} 600w, ${imageUrl} 1200w`;
}
