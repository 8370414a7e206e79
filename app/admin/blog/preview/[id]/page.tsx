import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminPage } from '@/components/admin/admin-shell';
import { BlogArticle } from '@/components/site/blog/blog-article';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';
import { loadStory } from '@/lib/stories/admin-read';
import { storyStatusLabel } from '@/lib/stories/fields';
import { toBlogPost } from '@/lib/stories/public';

export const metadata: Metadata = { title: { absolute: 'Preview Story - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

/** The owner's Preview: the story as the blog will show it, drafts and scheduled stories included. */
export default function PreviewStoryPage({ params }: { params: Promise<{ id: string }> }) {
  return (
    <AdminPage>
      <Preview params={params} />
    </AdminPage>
  );
}

async function Preview({ params }: { params: Promise<{ id: string }> }) {
  const [ctx, { id }] = await Promise.all([adminForPage(), params]);
  if (!ctx) return null;
  const story = await loadStory(ctx, id);
  if (!story) {
    return (
      <p role="alert" className="py-16 text-center text-ink">
        Story not found.{' '}
        <Link href="/admin/blog/manage" className="text-wash underline underline-offset-4">
          Back to Blog Management
        </Link>
      </p>
    );
  }
  const status = storyStatusLabel(story);
  return (
    <>
      <div
        role="note"
        className="mx-auto mb-2 flex max-w-3xl flex-wrap items-center justify-between gap-3 rounded-card border border-wash/40 bg-wash-light/60 px-4 py-3 text-ink"
      >
        <p>
          <strong>Preview</strong> of the last saved version.{' '}
          {status === 'Published'
            ? 'This story is on the blog.'
            : status === 'Scheduled'
              ? 'Scheduled: not on the blog yet.'
              : 'A draft: visitors cannot see it.'}
        </p>
        <Link
          href={`/admin/blog/edit/${story.id}`}
          className="text-wash underline underline-offset-4 hover:text-wash-deep"
        >
          Back to the editor
        </Link>
      </div>
      <BlogArticle post={toBlogPost(story)} />
    </>
  );
}
