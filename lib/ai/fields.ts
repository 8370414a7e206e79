/**
 * Where each suggestion goes. The panel writes into the form field of the same name (the form's
 * names are the artwork columns'); the retrofit writes the column, and only when it is empty.
 * Client-safe: the AI panel imports it.
 */
export const suggestionFields = [
  { key: 'slug', field: 'slug', label: 'Slug' },
  { key: 'shortHook', field: 'description', label: 'Description (short hook)' },
  { key: 'longDescription', field: 'longStoryDescription', label: 'Long story description' },
  { key: 'seoTitle', field: 'seoTitle', label: 'SEO title' },
  { key: 'metaDescription', field: 'metaDescription', label: 'Meta description' },
  { key: 'keywords', field: 'keywords', label: 'Keywords' },
  { key: 'imageAlt', field: 'imageAlt', label: 'Alt text' },
  { key: 'ogTitle', field: 'ogTitle', label: 'Open Graph title' },
  { key: 'ogDescription', field: 'ogDescription', label: 'Open Graph description' },
  { key: 'twitterTitle', field: 'twitterTitle', label: 'Twitter title' },
  { key: 'twitterDescription', field: 'twitterDescription', label: 'Twitter description' },
] as const;

export type SuggestionKey = (typeof suggestionFields)[number]['key'];
export type SuggestionField = (typeof suggestionFields)[number]['field'];

/** The retrofit never touches the slug: the owner's page address stays (no redirect needed). */
export const retrofitFields = suggestionFields.filter((entry) => entry.key !== 'slug');

/** The text a suggestion puts in its form field (keywords: comma-separated, as the form edits them). */
export const asFieldText = (value: string | string[]) => (Array.isArray(value) ? value.join(', ') : value);
