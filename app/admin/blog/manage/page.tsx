import type { Metadata } from 'next';
import Link from 'next/link';
import { Plus, Search } from 'lucide-react';
import { AdminPage, ReadFailed } from '@/components/admin/admin-shell';
import { StoriesTable } from '@/components/admin/stories/stories-table';
import { buttonVariants } from '@/components/ui/button';
import { fieldClasses } from '@/components/ui/field-classes';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';
import { loadStoriesForManage } from '@/lib/stories/admin-read';

export const metadata: Metadata = { title: { absolute: 'Blog Management - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default function ManageStoriesPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <AdminPage
      title="Blog Management"
      back={[{ href: '/admin', label: 'Back to Dashboard' }]}
      actions={
        <Link href="/admin/blog/new" className={buttonVariants()}>
          <Plus aria-hidden className="size-4" /> New Story
        </Link>
      }
    >
      <StoryList searchParams={searchParams} />
    </AdminPage>
  );
}

async function StoryList({ searchParams }: { searchParams: SearchParams }) {
  const [ctx, params] = await Promise.all([adminForPage(), searchParams]);
  if (!ctx) return null;
  const search = (Array.isArray(params.q) ? params.q[0] : params.q)?.trim().slice(0, 200) ?? '';
  const loaded = await loadStoriesForManage(ctx, search);
  return (
    <>
      <form role="search" action="/admin/blog/manage" className="mb-6 flex max-w-md gap-2">
        <label htmlFor="story-search" className="sr-only">
          Search stories
        </label>
        <input
          id="story-search"
          name="q"
          type="search"
          defaultValue={search}
          placeholder="Search by title"
          className={`${fieldClasses} h-11`}
        />
        <button type="submit" className={buttonVariants({ variant: 'secondary' })}>
          <Search aria-hidden className="size-4" /> Search
        </button>
      </form>
      {loaded.ok ? (
        <StoriesTable stories={loaded.data} search={search} />
      ) : (
        <ReadFailed title="Failed to fetch stories" error={loaded.error} />
      )}
    </>
  );
}
