import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { ALT_TEXT_MAX, META_DESCRIPTION_RANGE } from '@/lib/artworks/client';
import { SLUG_MAX } from '@/lib/slug';
import { SEO_TITLE_MAX } from './limits';

/** What the model is told about one artwork: the record's facts and nothing else. */
export type ArtworkFacts = {
  title: string;
  category: string | null;
  slug?: string | null;
  description?: string | null;
  story?: string | null;
  imageAlt?: string | null;
  price?: string | null;
  medium?: string | null;
  widthMm?: number | null;
  heightMm?: number | null;
  year?: number | null;
  framed?: boolean | null;
};

export const SYSTEM_PROMPT = [
  'You write the web copy for an artwork by Elena Marsh, a watercolour artist in South London, in her own voice: calm, warm, plain and unhurried, never salesy.',
  'Her paintings are bought for therapy and counselling rooms, for new homes, and as gifts; mention those uses where they fit.',
  'Write in British English (colour, centre, grey).',
  'Describe only what you can see in the image and what the record states. Never invent a size, medium, framing, edition, year or price: if the record does not give one, leave it out.',
  `Limits: seoTitle at most ${SEO_TITLE_MAX} characters; metaDescription ${META_DESCRIPTION_RANGE.min} to ${META_DESCRIPTION_RANGE.max} characters; imageAlt at most ${ALT_TEXT_MAX} characters and describes the picture for someone who cannot see it; slug lowercase words joined by hyphens, at most ${SLUG_MAX} characters.`,
  'shortHook is one or two sentences; longDescription two or three short paragraphs; keywords 5 to 10 search phrases; bulletUseCases 3 to 5 short lines on where the work fits; ai_notes tells the artist anything she should check.',
  'Answer with the JSON object only.',
].join('\n');

function factLines(facts: ArtworkFacts): string[] {
  const size = facts.widthMm && facts.heightMm ? `${facts.widthMm} × ${facts.heightMm} mm` : null;
  const rows: [string, string | number | null | undefined][] = [
    ['Title', facts.title],
    ['Category', facts.category],
    ['Current slug', facts.slug],
    ['Current short description', facts.description],
    ['Current story', facts.story],
    ['Current alt text', facts.imageAlt],
    ['Price', facts.price],
    ['Medium', facts.medium],
    ['Size', size],
    ['Year', facts.year],
    ['Framed', facts.framed == null ? null : facts.framed ? 'yes' : 'no'],
  ];
  return rows
    .filter(([, value]) => value !== null && value !== undefined && String(value).trim() !== '')
    .map(([label, value]) => `${label}: ${String(value).replace(/\s+/g, ' ').slice(0, 4000)}`);
}

/** The conversation for one artwork: the rules, then the record's facts and the image. */
export function buildMessages(facts: ArtworkFacts, imageDataUrl: string): ChatCompletionMessageParam[] {
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    {
      role: 'user',
      content: [
        { type: 'text', text: ['Write the suggestion set for this artwork.', ...factLines(facts)].join('\n') },
        { type: 'image_url', image_url: { url: imageDataUrl, detail: 'low' } },
      ],
    },
  ];
}

/** The one re-ask: the earlier answer and what was wrong with it. */
export function reaskMessages(
  messages: ChatCompletionMessageParam[],
  previous: string,
  problems: string[],
): ChatCompletionMessageParam[] {
  return [
    ...messages,
    { role: 'assistant', content: previous },
    {
      role: 'user',
      content: `Your answer broke these rules:\n- ${problems.join('\n- ')}\nAnswer again with the whole JSON object, keeping to every limit.`,
    },
  ];
}
