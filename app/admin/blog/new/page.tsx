import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AdminLoading, AdminPageHeader, AdminShell, BackLink } from '@/components/admin/admin-shell';
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
    <AdminShell>
      <AdminPageHeader
        title="New Story"
        back={
          <>
            <BackLink href="/admin">Dashboard</BackLink>
            <BackLink href="/admin/blog/manage">Blog Management</BackLink>
          </>
        }
      />
      <Suspense fallback={<AdminLoading />}>
        <NewStoryForm />
      </Suspense>
    </AdminShell>
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
