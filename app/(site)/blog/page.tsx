import type { Metadata } from 'next';
import { BlogCard } from '@/components/site/blog/blog-card';
import { BlogFilter } from '@/components/site/blog/blog-filter';
import { PageHeader } from '@/components/site/page-header';
import { blogCategories, listPosts } from '@/lib/content/blog';
import { pageMetadata } from '@/lib/seo/metadata';

export const metadata: Metadata = pageMetadata({
  title: 'Blog: Stories Behind the Paintings',
  description: 'Stories behind Elena Marsh’s calming watercolours: the places, the techniques and the rooms the Sanctuaries of the Mind paintings were made for.',
  path: '/blog',
});

export default function BlogPage() {
  const items = listPosts().map((post) => ({ key: post.slug, category: post.category, card: <BlogCard post={post} /> }));
  return (
    <>
      <PageHeader eyebrow="Blog" title="Stories Behind the Paintings">
        <p>Where each painting began, how it was made and the quiet rooms it was painted for.</p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <BlogFilter categories={blogCategories} items={items} />
      </div>
    </>
  );
}
