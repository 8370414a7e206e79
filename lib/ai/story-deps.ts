import 'server-only';
import type { AdminContext } from '@/lib/auth/types';
import { invalidateStories } from '@/lib/cache/invalidate';
import { recordAppLog } from '@/lib/log/app-log';
import { queueUrlChanges } from '@/lib/search-engines/changes';
import { storage } from '@/lib/storage';
import { aiClient, aiConfig } from './index';
import type { StoryRetrofitDeps } from './story-retrofit';
import type { StorySuggestDeps } from './story-suggest';

export type StoryAiDeps = StorySuggestDeps & Omit<StoryRetrofitDeps, 'ai'>;

/** The real dependencies of the story AI actions, acting as this admin (server actions: updateTag). */
export function storyAiDeps(ctx: AdminContext): StoryAiDeps {
  return {
    db: ctx.db,
    claims: ctx.claims,
    // Read only when a cover is sent: the retrofit never needs storage, so a storage that is
    // not configured does not stop it.
    storage: { readPublic: (url) => storage().readPublic(url) },
    config: aiConfig(),
    client: aiClient,
    invalidate: (slugs) => invalidateStories(slugs, 'action'),
    log: (entry) => recordAppLog(ctx.db, entry, ctx.claims),
    queueChanges: queueUrlChanges,
  };
}
