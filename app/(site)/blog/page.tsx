import type { Metadata } from 'next';
import { BlogCard } from '@/components/site/blog/blog-card';
import { BlogFilter } from '@/components/site/blog/blog-filter';
import { PageHeader } from '@/components/site/page-header';
import { blogCategories } from '@/lib/stories/blog';
import { pageMetadata } from '@/lib/seo/metadata';
import { listPublicStories } from '@/lib/stories/public';

const base = pageMetadata({
  title: 'Blog: Stories Behind the Paintings',
  description:
    'Stories behind Elena Marsh’s calming watercolours: the places, the techniques and the rooms the Sanctuaries of the Mind paintings were made for.',
  path: '/blog',
});

export const metadata: Metadata = {
  ...base,
  // The feed (app/(site)/blog/rss.xml/route.ts), for readers and aggregators.
  alternates: {
    ...base.alternates,
    types: { 'application/rss+xml': [{ url: '/blog/rss.xml', title: 'Elena Marsh Watercolours: Blog' }] },
  },
};

export default async function BlogPage() {
  const items = (await listPublicStories()).map((post) => ({
    key: post.slug,
    category: post.category,
    card: <BlogCard post={post} />,
  }));
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
