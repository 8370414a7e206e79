import 'server-only';
import type { AdminContext } from '@/lib/auth/types';
import { getStoryById, listStoriesForAdmin, type StoryListItem } from '@/lib/db/queries/stories';
import { asAdmin } from '@/lib/db/roles';
import type { StoryRow } from '@/lib/db/schema';
import { publicMessage } from '@/lib/actions/user-facing-error';

/** The admin's reads of stories, as the admin: every story, drafts and scheduled ones included. */
export async function loadStoriesForManage(ctx: AdminContext, search: string): Promise<{ ok: true; stories: StoryListItem[] } | { ok: false; error: string }> {
  try {
    return { ok: true, stories: await asAdmin(ctx.db, ctx.claims, (tx) => listStoriesForAdmin(tx, search.slice(0, 200))) };
  } catch (error) {
    return { ok: false, error: publicMessage(error) };
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loadStory(ctx: AdminContext, id: string): Promise<StoryRow | null> {
  if (!UUID.test(id)) return null;
  return asAdmin(ctx.db, ctx.claims, (tx) => getStoryById(tx, id));
}
