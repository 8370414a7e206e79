import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { stories, type NewStoryRow } from '@/lib/db/schema';
import { blogPosts } from './blog-posts';

/** The seed stories' hero images are 1200×675 with a 600-wide variant beside them (`/blog/1.webp`, `/blog/1-600.webp`). */
export const blogImageSize = { width: 1200, height: 675 } as const;

export function blogImageSrcSet(imageUrl: string): string {
  return `${imageUrl.replace(/\.webp$/i, '-600.webp')} 600w, ${imageUrl} 1200w`;
}

/** A new site's six stories as rows: published on their dates, ordinary and editable. */
export function seedStoryRows(): NewStoryRow[] {
  return blogPosts.map((post) => {
    const publishedAt = new Date(`${post.date}T00:00:00Z`);
    return {
      slug: post.slug,
      title: post.title,
      category: post.category,
      excerpt: post.excerpt,
      content: post.content,
      imageUrl: post.imageUrl,
      imageSrcset: blogImageSrcSet(post.imageUrl),
      imageWidth: blogImageSize.width,
      imageHeight: blogImageSize.height,
      imageAlt: post.alt,
      metaTitle: post.metaTitle,
      metaDescription: post.metaDescription,
      author: post.author,
      profileImage: post.profileImage,
      tags: post.tags,
      status: 'published',
      publishedAt,
      announcedAt: publishedAt,
      createdAt: publishedAt,
      updatedAt: publishedAt,
    };
  });
}

/** Inserts the stories a new site starts with (slugs already present are left alone). */
export async function seedStories(database: Database): Promise<number> {
  return asSystem(database, 'seed', async (db) => {
    const inserted = await db
      .insert(stories)
      .values(seedStoryRows())
      .onConflictDoNothing({ target: stories.slug })
      .returning({ id: stories.id });
    return inserted.length;
  });
}
