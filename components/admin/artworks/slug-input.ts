import { slugifyTitle, typingSlug } from '@/lib/slug';

/**
 * The slug field as it is typed: the text it shows (the slug the save will keep) and where the
 * caret goes in it, so cleaning mid-word does not throw the caret to the end.
 */
export function typedSlug(value: string, caretAt: number | null): { shown: string; caret: number } {
  return { shown: typingSlug(value), caret: typingSlug(value.slice(0, caretAt ?? value.length)).length };
}

/**
 * The slug to fill in on leaving the field or saving: a slug that is empty or cleans to nothing
 * ('!!!') is made from the title (docs/product.md, Add and edit artwork).
 */
export function filledSlug(slug: string, title: string): string {
  return slugifyTitle(slug) || slugifyTitle(title);
}
