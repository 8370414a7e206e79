import type { StoryRow } from '@/lib/db/schema';
import { storyStatusLabel, type StoryCategory, type StoryFieldValues, type StoryStatusLabel } from './fields';

/** The story editor's fields, every one filled in (the text the form shows). */
export type StoryFormValues = Required<Omit<StoryFieldValues, 'category'>> & {
  category: StoryCategory;
};

/** The saved story the editor opens: what the form needs besides its fields. */
export type StoryEditorState = {
  id: string;
  version: number;
  status: StoryStatusLabel;
  cover: { url: string; srcset: string | null } | null;
};

export const emptyStoryForm: StoryFormValues = {
  title: '',
  slug: '',
  category: 'Sanctuaries of the Mind',
  excerpt: '',
  content: '',
  imageAlt: '',
  metaTitle: '',
  metaDescription: '',
  tags: '',
  publishAt: '',
};

/** A stored story as the editor holds it. */
export function storyFormValues(story: StoryRow): StoryFormValues {
  return {
    title: story.title,
    slug: story.slug,
    category: story.category,
    excerpt: story.excerpt,
    content: story.content,
    imageAlt: story.imageAlt,
    metaTitle: story.metaTitle,
    metaDescription: story.metaDescription,
    tags: story.tags.join(', '),
    publishAt: story.publishedAt?.toISOString() ?? '',
  };
}

export function storyEditorState(story: StoryRow): StoryEditorState {
  return {
    id: story.id,
    version: story.version,
    status: storyStatusLabel(story),
    cover: story.imageUrl ? { url: story.imageUrl, srcset: story.imageSrcset } : null,
  };
}
