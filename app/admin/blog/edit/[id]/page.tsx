import type { Metadata } from 'next';
import { AdminPage } from '@/components/admin/admin-shell';
import { FreshEachVisit } from '@/components/admin/fresh-each-visit';
import { RedirectWithToast } from '@/components/admin/artworks/redirect-with-toast';
import { ViewOnSiteLink } from '@/components/admin/artworks/view-on-site-link';
import { StoryForm } from '@/components/admin/stories/story-form';
import { noindex } from '@/lib/artworks/admin/page-metadata';
import { adminForPage } from '@/lib/actions/admin-page';
import { env } from '@/lib/env';
import { loadStory } from '@/lib/stories/admin-read';
import { storyStatusLabel } from '@/lib/stories/fields';
import { storyEditorState, storyFormValues } from '@/lib/stories/form-values';
import { storyPath } from '@/lib/stories/paths';

export const metadata: Metadata = { title: { absolute: 'Edit Story - Admin' }, robots: noindex };
// Behind the admin gate, per request: not validated for instant navigation (app/admin/layout.tsx).
export const instant = false;

export default function EditStoryPage({ params }: { params: Promise<{ id: string }> }) {
  return (
    <AdminPage
      title="Edit Story"
      back={[
        { href: '/admin', label: 'Dashboard' },
        { href: '/admin/blog/manage', label: 'Blog Management' },
      ]}
    >
      <EditStoryForm params={params} />
    </AdminPage>
  );
}

async function EditStoryForm({ params }: { params: Promise<{ id: string }> }) {
  const [ctx, { id }] = await Promise.all([adminForPage(), params]);
  if (!ctx) return null;
  const story = await loadStory(ctx, id);
  if (!story)
    return (
      <RedirectWithToast title="Story not found" description="It may have been deleted." href="/admin/blog/manage" />
    );
  const status = storyStatusLabel(story);
  return (
    <>
      <p className="-mt-4 mb-6 text-ink-soft">
        {status === 'Published' ? (
          <ViewOnSiteLink path={storyPath(story.slug)} title={story.title} size="sm" />
        ) : status === 'Scheduled' ? (
          'Scheduled: not on the site yet.'
        ) : (
          'A draft: only you can see it.'
        )}
      </p>
      {/* Keyed by the story: the refresh after a save keeps the form (and the caret) as it is. */}
      <FreshEachVisit>
        <StoryForm
          key={story.id}
          story={storyEditorState(story)}
          values={storyFormValues(story)}
          aiEnabled={Boolean(env().OPENAI_API_KEY)}
        />
      </FreshEachVisit>
    </>
  );
}
