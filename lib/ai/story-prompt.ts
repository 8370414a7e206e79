import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { STORY_LIMITS } from '@/lib/stories/client';

/** What the model is told about one story: its title, category and text, nothing else. */
export type StoryFacts = { title: string; category?: string | null; text: string };

export const STORY_SYSTEM_PROMPT = [
  'You write the listing and search text for a blog story by Elena Marsh, a watercolour artist in South London, in her own voice: calm, warm, plain and unhurried, never salesy.',
  'Write in British English (colour, centre, grey).',
  'Use only what the story says. Never invent a place, a date, a price, a painting or an event it does not mention.',
  `Limits: excerpt at most ${STORY_LIMITS.excerpt} characters, one or two sentences that make a reader want to read on; metaTitle at most ${STORY_LIMITS.metaTitle} characters; metaDescription 150 to ${STORY_LIMITS.metaDescription} characters, never more; tags 3 to 8 short lower-case topics of at most ${STORY_LIMITS.tag} characters, without commas.`,
  `When the cover image is given, imageAlt is at most ${STORY_LIMITS.alt} characters and describes the picture for someone who cannot see it; do not start it with "Image of".`,
  'ai_notes tells the artist anything she should check.',
  'Answer with the JSON object only.',
].join('\n');

/** The conversation for one story: the rules, the story, and its cover when there is one (for the alt text). */
export function buildStoryMessages(facts: StoryFacts, coverDataUrl: string | null): ChatCompletionMessageParam[] {
  const ask = coverDataUrl
    ? 'Write the excerpt, meta title, meta description and tags for this story, and the alt text of its cover image (attached).'
    : 'Write the excerpt, meta title, meta description and tags for this story.';
  const lines = [
    ask,
    `Title: ${facts.title.replace(/\s+/g, ' ').trim()}`,
    ...(facts.category ? [`Category: ${facts.category}`] : []),
    '',
    'Story:',
    facts.text,
  ];
  const text = { type: 'text' as const, text: lines.join('\n') };
  return [
    { role: 'system', content: STORY_SYSTEM_PROMPT },
    {
      role: 'user',
      content: coverDataUrl ? [text, { type: 'image_url', image_url: { url: coverDataUrl, detail: 'low' } }] : [text],
    },
  ];
}
