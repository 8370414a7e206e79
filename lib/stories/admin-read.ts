import 'server-only';
import { z } from 'zod';
import { readForPage, type PageRead } from '@/lib/actions/admin-page';
import type { AdminContext } from '@/lib/auth/types';
import { getStoryById, listStoriesForAdmin, type StoryListItem } from '@/lib/stories/queries';
import { asAdmin } from '@/lib/db/roles';
import type { StoryRow } from '@/lib/db/schema';

/** The admin's reads of stories, as the admin: every story, drafts and scheduled ones included. */
export function loadStoriesForManage(ctx: AdminContext, search: string): Promise<PageRead<StoryListItem[]>> {
  return readForPage({ feature: 'stories', what: 'the stories' }, () =>
    asAdmin(ctx.db, ctx.claims, (tx) => listStoriesForAdmin(tx, search.slice(0, 200))),
  );
}

export async function loadStory(ctx: AdminContext, id: string): Promise<StoryRow | null> {
  if (!z.uuid().safeParse(id).success) return null;
  return asAdmin(ctx.db, ctx.claims, (tx) => getStoryById(tx, id));
}
