import { z } from 'zod';
import { UserFacingError } from '@/lib/http/user-facing-error';
import type { AppLogEntry } from '@/lib/log/app-log';
import type { StoragePort } from '@/lib/storage/port';
import { AI_ENABLE_HINT, AI_NOT_CONFIGURED } from './messages';
import type { AiClient, AiConfig } from './port';
import { imageForModel } from './image';
import { storyAiMissing } from './story-fields';
import { generateStorySuggestion } from './story-generate';
import type { StorySuggestion } from './story-suggestion';
import { STORY_TEXT_MAX } from './story-text';

/** Without OPENAI_API_KEY: the helper says so and how to turn it on; nothing pretends to be AI. */
export class AiNotConfiguredError extends UserFacingError {
  constructor() {
    super(`${AI_NOT_CONFIGURED}. ${AI_ENABLE_HINT}`);
    this.name = 'AiNotConfiguredError';
  }
}

export type StoryAiConfigDeps = { config: AiConfig | null; client: (config: AiConfig) => AiClient };

export function storyAiClient(deps: StoryAiConfigDeps): AiClient {
  if (!deps.config) throw new AiNotConfiguredError();
  return deps.client(deps.config);
}

/**
 * The editor's request: the title, the category, the story as plain text (lib/ai/story-text.ts,
 * already cut by the browser) and the cover's stored URL, when there is one. A data URL is not
 * taken: the cover is read from storage, as the artwork helper reads a stored image.
 */
export const storySuggestRequestSchema = z
  .object({
    title: z.string().trim().max(200),
    category: z.string().trim().max(100).nullish(),
    text: z.string().trim().max(STORY_TEXT_MAX),
    coverUrl: z
      .string()
      .trim()
      .max(2000)
      .refine((url) => !url.startsWith('data:'), 'The cover is read from storage: upload it first.')
      .nullish(),
  })
  .superRefine((input, ctx) => {
    const missing = storyAiMissing(input.title, input.text);
    if (missing) ctx.addIssue({ code: 'custom', message: missing });
  });

export type StorySuggestRequest = z.output<typeof storySuggestRequestSchema>;

export type StorySuggestDeps = StoryAiConfigDeps & {
  storage: Pick<StoragePort, 'readPublic'>;
  log: (entry: AppLogEntry) => Promise<void>;
};

/**
 * The story form's suggestion set. The cover goes to the model only for its alt text: without
 * one, the alt suggestion is left out; a cover that cannot be read leaves it out too, and the
 * notes say why, so the rest of the suggestions still arrive.
 */
export async function suggestStoryDetails(
  deps: StorySuggestDeps,
  input: StorySuggestRequest,
): Promise<StorySuggestion> {
  const ai = storyAiClient(deps);
  let cover: string | null = null;
  let coverNote = '';
  if (input.coverUrl) {
    try {
      cover = await imageForModel(deps.storage, input.coverUrl);
    } catch (error) {
      if (!(error instanceof UserFacingError)) throw error;
      coverNote = `${error.message} No alt text was suggested.`;
    }
  }
  try {
    const { suggestion } = await generateStorySuggestion(
      ai,
      { title: input.title, category: input.category, text: input.text },
      cover,
    );
    return coverNote
      ? { ...suggestion, ai_notes: [coverNote, suggestion.ai_notes].filter(Boolean).join(' ') }
      : suggestion;
  } catch (error) {
    if (error instanceof UserFacingError)
      await deps.log({
        level: 'error',
        feature: 'ai',
        message: `AI story suggestion failed: ${error.message}`,
        meta: { title: input.title },
      });
    throw error;
  }
}
