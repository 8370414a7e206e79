import { z } from '@/lib/zod';
import { storyCategories } from '@/lib/categories';

/**
 * The story form's fields, limits and messages: the editor checks with them in the browser and
 * the save action parses with them again on the server (migration stories has the same limits).
 */
export { storyCategories };
export type StoryCategory = (typeof storyCategories)[number];

export const STORY_LIMITS = {
  title: 200,
  excerpt: 300,
  content: 200_000,
  alt: 125,
  metaTitle: 70,
  metaDescription: 160,
  tags: 20,
  tag: 40,
} as const;

export const storyMessages = {
  titleRequired: 'Title is required.',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  coverAltRequired: 'Describe the cover image in its alt text.',
  coverRequired: 'Choose a cover image before publishing.',
  excerptRequired: 'Write an excerpt before publishing.',
  contentRequired: 'Write the story before publishing.',
  badDate: 'Enter a valid publish date.',
  tooManyTags: `Use at most ${20} tags.`,
  tagTooLong: `Keep each tag under ${40} characters.`,
  conflict:
    'This story was changed in another tab since you opened it. Nothing was saved: copy your changes, then reload to see the newer version.',
  notFound: 'Story not found. It may have been deleted.',
} as const;

/** Form text: NUL removed (Postgres text cannot hold it), trimmed. */
const text = (label: string, max: number) =>
  z
    .string()
    .overwrite((value) => value.replaceAll('\u0000', '').trim())
    .pipe(z.string().max(max, storyMessages.tooLong(label, max)));

/** 'calm, Dulwich Park , ' → ['calm', 'dulwich park']: lower case, trimmed, no repeats. */
export function splitTags(value: string): string[] {
  return [
    ...new Set(
      value
        .split(',')
        .map((tag) => tag.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

export const storyFieldsSchema = z.object({
  title: text('Title', STORY_LIMITS.title).pipe(z.string().min(1, storyMessages.titleRequired)),
  slug: text('Slug', STORY_LIMITS.title),
  category: z.enum(storyCategories).default('Sanctuaries of the Mind'),
  excerpt: text('Excerpt', STORY_LIMITS.excerpt),
  content: z.string().max(STORY_LIMITS.content, storyMessages.tooLong('The story', STORY_LIMITS.content)),
  imageAlt: text('Alt text', STORY_LIMITS.alt),
  metaTitle: text('Meta title', STORY_LIMITS.metaTitle),
  metaDescription: text('Meta description', STORY_LIMITS.metaDescription),
  tags: z
    .string()
    .max(2000)
    .transform(splitTags)
    .pipe(
      z
        .array(z.string().max(STORY_LIMITS.tag, storyMessages.tagTooLong))
        .max(STORY_LIMITS.tags, storyMessages.tooManyTags),
    ),
  /** ISO date-time with an offset (the form converts its local date-time), or '' for "now". */
  publishAt: z.union([z.literal(''), z.iso.datetime({ offset: true, message: storyMessages.badDate })]).default(''),
});

export type StoryFieldValues = z.input<typeof storyFieldsSchema>;
export type StoryFields = z.output<typeof storyFieldsSchema>;

/** What a save does: keep or make a draft, publish (or schedule), save a published story, or take it off the blog. */
export const storyIntents = ['draft', 'publish', 'save', 'unpublish'] as const;
export type StoryIntent = (typeof storyIntents)[number];

export const saveStoryInputSchema = z.object({
  id: z.uuid().optional(),
  /** The version the editor loaded: a save over a newer one is refused. */
  version: z.number().int().positive().optional(),
  intent: z.enum(storyIntents),
  fields: storyFieldsSchema,
  /** A new cover, as the upload route answered it; null removes the cover. */
  cover: z.object({ uploadId: z.uuid() }).nullable().optional(),
  /** Images uploaded into the body while editing: those the saved body shows are kept. */
  uploads: z.array(z.uuid()).max(200).default([]),
});
export type SaveStoryInput = z.input<typeof saveStoryInputSchema>;

export type StoryStatusLabel = 'Draft' | 'Scheduled' | 'Published';

/** Draft; published with a time still to come, Scheduled; otherwise Published. */
export function storyStatusLabel(
  story: { status: 'draft' | 'published'; publishedAt: Date | string | null },
  now = new Date(),
): StoryStatusLabel {
  if (story.status === 'draft') return 'Draft';
  return story.publishedAt && new Date(story.publishedAt) > now ? 'Scheduled' : 'Published';
}
