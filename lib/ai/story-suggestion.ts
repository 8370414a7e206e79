import { STORY_LIMITS } from '@/lib/stories/client';
import { z } from '@/lib/zod';
import type { AiResponseFormat } from './port';
import { cutAtWord } from './limits';

/**
 * The story suggestion set: excerpt, meta title, meta description and tags from the story's
 * text, and the cover's alt text only when the model was shown the cover. The model's answer is
 * parsed loosely (a model that runs long is cut, not refused) and then bounded to the story
 * form's limits (lib/stories/fields.ts, the same as the stories table's checks).
 */
export const STORY_FORMAT_NAME = 'story_details';

const line = z.string().trim().min(1).max(4000);

export function storyAnswerSchema(withAlt: boolean) {
  const base = z.object({
    excerpt: line,
    metaTitle: line,
    metaDescription: line,
    tags: z.array(z.string().trim().max(400)).max(100),
    ai_notes: z.string().trim().max(2000),
  });
  return withAlt ? base.extend({ imageAlt: line }).strict() : base.strict();
}

export type StoryModelAnswer = z.output<ReturnType<typeof storyAnswerSchema>> & { imageAlt?: string };

/** What the helper offers: every text within its limit; imageAlt null without a cover. */
export type StorySuggestion = {
  excerpt: string;
  metaTitle: string;
  metaDescription: string;
  tags: string[];
  imageAlt: string | null;
  ai_notes: string;
};

/** The response format sent to the model: every property required, no others (strict structured output). */
export function storyResponseFormat(withAlt: boolean): AiResponseFormat {
  const str = { type: 'string' };
  const properties = {
    excerpt: str,
    metaTitle: str,
    metaDescription: str,
    tags: { type: 'array', items: str },
    ...(withAlt ? { imageAlt: str } : {}),
    ai_notes: str,
  };
  return {
    name: STORY_FORMAT_NAME,
    schema: { type: 'object', properties, required: Object.keys(properties), additionalProperties: false },
  };
}

/** A meta description over its limit ends at its last whole sentence when that keeps most of it, else at a word. */
function cutMeta(text: string, max: number): string {
  const value = text.trim();
  if (value.length <= max) return value;
  const sentence = value.slice(0, max).lastIndexOf('. ');
  return sentence + 1 >= max * 0.75 ? value.slice(0, sentence + 1) : cutAtWord(value, max);
}

/**
 * Tags as the form saves them (lib/stories/fields.ts splitTags): lower case, trimmed, no
 * repeats; a comma inside one would split it, so it becomes a space. At most 20, each at most 40.
 */
export function boundTags(tags: readonly string[]): string[] {
  const cleaned = tags
    .map((tag) => cutAtWord(tag.replaceAll(',', ' ').replace(/\s+/g, ' ').trim().toLowerCase(), STORY_LIMITS.tag))
    .filter(Boolean);
  return [...new Set(cleaned)].slice(0, STORY_LIMITS.tags);
}

/** The answer cut to the story's limits, at word boundaries, never mid-word. */
export function boundStoryAnswer(answer: StoryModelAnswer): StorySuggestion {
  return {
    excerpt: cutAtWord(answer.excerpt, STORY_LIMITS.excerpt),
    metaTitle: cutAtWord(answer.metaTitle, STORY_LIMITS.metaTitle),
    metaDescription: cutMeta(answer.metaDescription, STORY_LIMITS.metaDescription),
    tags: boundTags(answer.tags),
    imageAlt: answer.imageAlt ? cutAtWord(answer.imageAlt, STORY_LIMITS.alt) : null,
    ai_notes: answer.ai_notes,
  };
}
