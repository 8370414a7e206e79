import type { Metadata } from 'next';
import { AdminPage } from '@/components/admin/admin-shell';
import { FreshEachVisit } from '@/components/admin/fresh-each-visit';
import { StoryForm } from '@/components/admin/stories/story-form';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';
import { env } from '@/lib/env';
import { emptyStoryForm } from '@/lib/stories/form-values';

export const metadata: Metadata = { title: { absolute: 'New Story - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

export default function NewStoryPage() {
  return (
    <AdminPage
      title="New Story"
      back={[
        { href: '/admin', label: 'Dashboard' },
        { href: '/admin/blog/manage', label: 'Blog Management' },
      ]}
    >
      <NewStoryForm />
    </AdminPage>
  );
}

async function NewStoryForm() {
  const ctx = await adminForPage();
  if (!ctx) return null;
  return (
    <FreshEachVisit>
      <StoryForm story={null} values={emptyStoryForm} aiEnabled={Boolean(env().OPENAI_API_KEY)} />
    </FreshEachVisit>
  );
}
