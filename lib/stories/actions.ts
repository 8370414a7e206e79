'use server';

import { after } from 'next/server';
import { z } from 'zod';
import { adminAction } from '@/lib/actions/admin-action';
import type { AdminContext } from '@/lib/auth/types';
import { invalidateStories } from '@/lib/cache/invalidate';
import { artworkPath } from '@/lib/categories';
import { findArtworksForStory } from '@/lib/stories/queries';
import { asAdmin } from '@/lib/db/roles';
import { notifyIndexNow } from '@/lib/search-engines/notify';
import { searchEngineNotifier } from '@/lib/search-engines';
import { saveStoryInputSchema } from './fields';
import { deleteStoryRecord, saveStoryRecord, type StoryWriteDeps } from './save';

function storyDeps(ctx: AdminContext): StoryWriteDeps {
  return {
    db: ctx.db,
    claims: ctx.claims,
    invalidate: (slugs) => invalidateStories(slugs, 'action'),
    // Publishing, changing or deleting a live story tells search engines once the owner has the answer.
    notifySearchEngines: () =>
      after(async () => {
        const searchEngines = searchEngineNotifier();
        if (searchEngines) await notifyIndexNow(ctx.db, ctx.claims, searchEngines);
      }),
  };
}

/** Save Draft, Publish, Save Changes and Unpublish (the intent says which); autosave is Save Draft. */
export const saveStory = adminAction(saveStoryInputSchema, (input, ctx) => saveStoryRecord(storyDeps(ctx), input), {
  name: 'saveStory',
});

export const deleteStory = adminAction(
  z.object({ id: z.uuid() }),
  ({ id }, ctx) => deleteStoryRecord(storyDeps(ctx), id),
  { name: 'deleteStory' },
);

/** The editor's "Insert a painting": published artworks whose title matches. */
export const findPaintingsForStory = adminAction(
  z.object({
    query: z
      .string()
      .max(200)
      .transform((query) => query.replaceAll('\0', '')),
  }),
  async ({ query }, ctx) => {
    const rows = await asAdmin(ctx.db, ctx.claims, (tx) => findArtworksForStory(tx, query));
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      path: artworkPath(row),
      thumbUrl: row.thumbUrl,
      width: row.width,
      height: row.height,
    }));
  },
  { name: 'findPaintingsForStory' },
);
