/**
 * The story AI helper's fields and words. Each suggestion goes into the story form's field of
 * the same name. Client-safe: the editor's helper imports it.
 */
export type StorySuggestionKey = 'excerpt' | 'metaTitle' | 'metaDescription' | 'tags' | 'imageAlt';

export const storySuggestionFields: readonly { key: StorySuggestionKey; label: string }[] = [
  { key: 'excerpt', label: 'Excerpt' },
  { key: 'metaTitle', label: 'Meta title' },
  { key: 'metaDescription', label: 'Meta description' },
  { key: 'tags', label: 'Tags' },
  { key: 'imageAlt', label: 'Alt text' },
];

export const storyAiMessages = {
  missingTitle: 'Give the story a title before using AI.',
  missingText: 'Write some of the story before using AI: the suggestions are made from its text.',
  missingBoth: 'Give the story a title and write some of it before using AI.',
  noCover: 'Choose a cover image to have its alt text suggested too.',
} as const;

/** What is missing before the helper can ask, in the owner's words; null when nothing is. */
export function storyAiMissing(title: string, text: string): string | null {
  const noTitle = !title.trim();
  const noText = !text.trim();
  if (noTitle && noText) return storyAiMessages.missingBoth;
  if (noTitle) return storyAiMessages.missingTitle;
  if (noText) return storyAiMessages.missingText;
  return null;
}
