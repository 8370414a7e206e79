'use server';

import { z } from 'zod';
import { adminAction } from '@/lib/actions/admin-action';
import { listStoryRetrofitCandidates } from '@/lib/ai/story-retrofit-queries';
import { asAdmin } from '@/lib/db/roles';
import { RETROFIT_MAX_IDS } from './request-schema';
import { storyAiDeps } from './story-deps';
import { retrofitStories } from './story-retrofit';
import { storyAiClient, suggestStoryDetails, storySuggestRequestSchema } from './story-suggest';

/**
 * The story editor's "Suggest with AI": excerpt, meta title, meta description, tags and, with a
 * cover, its alt text. A server action rather than a route like the artworks' helper: the
 * request is a few kilobytes of text and a stored URL (no image upload to cap), and
 * adminAction gives the zod parse, the admin check and the typed result in one.
 */
export const suggestStoryDetailsAction = adminAction(
  storySuggestRequestSchema,
  (input, ctx) => suggestStoryDetails(storyAiDeps(ctx), input),
  { name: 'suggestStoryDetails' },
);

/** The retrofit's story candidates, read when a run starts. */
export const listStoryRetrofitCandidatesAction = adminAction(
  z.object({}),
  (_input, ctx) => asAdmin(ctx.db, ctx.claims, (tx) => listStoryRetrofitCandidates(tx)),
  { name: 'listStoryRetrofitCandidates' },
);

/** One batch of the retrofit's stories: each filled on its own, a result for each. */
export const retrofitStoriesAction = adminAction(
  z.object({
    ids: z
      .array(z.uuid())
      .min(1, 'No stories to retrofit.')
      .max(RETROFIT_MAX_IDS, `At most ${RETROFIT_MAX_IDS} stories a request.`),
  }),
  async ({ ids }, ctx) => {
    const deps = storyAiDeps(ctx);
    return retrofitStories({ ...deps, ai: storyAiClient(deps) }, ids);
  },
  { name: 'retrofitStories' },
);
