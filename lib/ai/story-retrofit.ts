import { publicMessage, UserFacingError } from '@/lib/http/user-facing-error';
import type { Database, Tx } from '@/lib/db/port';
import { recordAiRetrofitFailure } from '@/lib/ai/retrofit-queries';
import { getStoryById, updateStoryAtVersion, isLive } from '@/lib/stories';
import { asAdmin, type Claims } from '@/lib/db/roles';
import type { NewStoryRow, StoryRow } from '@/lib/db/schema';
import type { AppLogEntry } from '@/lib/log/app-log';
import { storyMessages, storyPath } from '@/lib/stories/client';
import type { AiClient } from './port';
import { mapWithLimit } from './pool';
import { RETROFIT_CONCURRENCY, type RetrofitResult } from './retrofit';
import { generateStorySuggestion } from './story-generate';
import type { StorySuggestion } from './story-suggestion';
import { storyPlainText } from './story-text';

/** The name a story's failure carries in logs_ai_retrofit (the artworks' is generate-artwork-details). */
export const STORY_RETROFIT_FUNCTION = 'generate-story-details';

export const STORY_CHANGED_WHILE_WRITING =
  'The story was saved elsewhere while the AI wrote, so nothing was filled in. Run the retrofit again.';
export const STORY_HAS_NO_TEXT = 'The story has no text yet to write from.';

export type StoryRetrofitDeps = {
  db: Database;
  claims: Claims;
  ai: AiClient;
  /** Expires the public caches of these story slugs (and every story list). */
  invalidate: (slugs: string[]) => void;
  log: (entry: AppLogEntry) => Promise<void>;
  /** Queues the public paths a write changed for search-engine notification, inside its transaction. */
  queueChanges: (tx: Tx, paths: string[]) => Promise<void>;
  concurrency?: number;
};

/** What the retrofit fills on a story; tags, alt text and the slug stay the owner's. */
export const storyRetrofitFields = ['excerpt', 'metaTitle', 'metaDescription'] as const;
type StoryRetrofitField = (typeof storyRetrofitFields)[number];

const isBlank = (value: string) => value.trim() === '';

/** The candidate rule: an excerpt, a meta title or a meta description is empty. */
export const needsStoryRetrofit = (row: Pick<StoryRow, StoryRetrofitField>) =>
  storyRetrofitFields.some((field) => isBlank(row[field]));

/** The values a retrofit writes: only the fields still empty, never one the owner filled. */
export function storyRetrofitChange(
  row: Pick<StoryRow, StoryRetrofitField>,
  suggestion: StorySuggestion,
): Partial<Pick<NewStoryRow, StoryRetrofitField>> {
  const values: Partial<Pick<NewStoryRow, StoryRetrofitField>> = {};
  for (const field of storyRetrofitFields)
    if (isBlank(row[field]) && suggestion[field]) values[field] = suggestion[field];
  return values;
}

/**
 * The story part of the SEO retrofit: each story on its own (one failure never stops the
 * others), a bounded number of model calls at once. A write goes through the version check
 * and bumps the version, so an editor open on the story sees a conflict instead of saving over
 * the new text. The public caches of the stories written are invalidated once, at the end.
 */
export async function retrofitStories(deps: StoryRetrofitDeps, ids: string[]): Promise<RetrofitResult[]> {
  const written: string[] = [];
  const results = await mapWithLimit(
    ids,
    deps.concurrency ?? RETROFIT_CONCURRENCY,
    async (id): Promise<RetrofitResult> => {
      try {
        const slug = await retrofitOne(deps, id);
        if (slug) written.push(slug);
        return { id, ok: true, error: null };
      } catch (error) {
        const message = publicMessage(error);
        await recordFailure(deps, id, message, error);
        return { id, ok: false, error: message };
      }
    },
  );
  if (written.length > 0) deps.invalidate(written);
  return results;
}

/** Fills one story's empty fields; its slug when something was written. */
async function retrofitOne(deps: StoryRetrofitDeps, id: string): Promise<string | null> {
  const row = await asAdmin(deps.db, deps.claims, (tx) => getStoryById(tx, id));
  if (!row) throw new UserFacingError(storyMessages.notFound);
  if (!needsStoryRetrofit(row)) return null;
  const text = storyPlainText(row.content);
  if (!text) throw new UserFacingError(STORY_HAS_NO_TEXT);
  // No cover: the retrofit never writes alt text (a story with a cover already has it).
  const { suggestion } = await generateStorySuggestion(
    deps.ai,
    { title: row.title, category: row.category, text },
    null,
  );
  return asAdmin(deps.db, deps.claims, async (tx) => {
    // Read again inside the write: the owner may have filled a field while the model wrote.
    const current = await getStoryById(tx, id);
    if (!current) throw new UserFacingError(storyMessages.notFound);
    const values = storyRetrofitChange(current, suggestion);
    if (Object.keys(values).length === 0) return null;
    const updated = await updateStoryAtVersion(tx, id, current.version, values);
    if (!updated) throw new UserFacingError(STORY_CHANGED_WHILE_WRITING);
    if (isLive(updated)) await deps.queueChanges(tx, [storyPath(updated.slug), '/blog']);
    return updated.slug;
  });
}

async function recordFailure(deps: StoryRetrofitDeps, id: string, message: string, error: unknown): Promise<void> {
  await deps.log({
    level: 'error',
    feature: 'ai',
    message: `AI retrofit failed for story ${id}: ${message}`,
    meta: { storyId: id, detail: error instanceof Error ? error.message : String(error) },
  });
  try {
    // logs_ai_retrofit refers to artworks only: a story's row names it in the message instead.
    await asAdmin(deps.db, deps.claims, async (tx) => {
      const story = await getStoryById(tx, id);
      const name = story ? `Story "${story.title}"` : `Story ${id}`;
      await recordAiRetrofitFailure(tx, {
        artworkId: null,
        functionName: STORY_RETROFIT_FUNCTION,
        errorMessage: `${name}: ${message}`,
      });
    });
  } catch (logError) {
    await deps.log({
      level: 'error',
      feature: 'ai',
      message: `Could not record an AI retrofit failure: ${logError instanceof Error ? logError.message : String(logError)}`,
      meta: { storyId: id },
    });
  }
}
