import { ALT_TEXT_MAX, META_DESCRIPTION_RANGE } from '@/lib/artworks/client';
import { SLUG_MAX, slugifyTitle } from '@/lib/slug';
import type { ModelAnswer } from './suggestion';

/** Search results cut titles at about 60 characters; the form's own cap (200) is the column's. */
export const SEO_TITLE_MAX = 60;

/** The form's caps (lib/artworks/admin/schema.ts) for the texts that have no tighter rule. */
const FORM_CAPS = {
  shortHook: 2000,
  ogTitle: 200,
  twitterTitle: 200,
  ogDescription: 1000,
  twitterDescription: 1000,
} as const;

/**
 * Cuts text to at most `max` characters at a word boundary, without a dangling separator.
 * Returns the text unchanged when it fits.
 */
export function cutAtWord(text: string, max: number): string {
  const value = text.trim();
  if (value.length <= max) return value;
  const head = value.slice(0, max + 1);
  const space = head.lastIndexOf(' ');
  const cut = space > max / 2 ? head.slice(0, space) : value.slice(0, max);
  return cut.replace(/[\s,;:|–—-]+$/u, '').trim();
}

/**
 * Meta description over 160: end at the last sentence or word that keeps it within 160. It is
 * repaired only if that still leaves 150; shorter text needs the model to write more.
 */
function repairMeta(text: string): string {
  const value = text.trim();
  if (value.length <= META_DESCRIPTION_RANGE.max) return value;
  const head = value.slice(0, META_DESCRIPTION_RANGE.max);
  const sentence = head.lastIndexOf('. ');
  if (sentence + 1 >= META_DESCRIPTION_RANGE.min) return head.slice(0, sentence + 1);
  return cutAtWord(value, META_DESCRIPTION_RANGE.max);
}

/**
 * The limits (docs/product.md, Limits and constants) that an answer breaks, in words the
 * model is asked again with.
 */
export function limitProblems(answer: ModelAnswer): string[] {
  const problems: string[] = [];
  if (answer.imageAlt.length > ALT_TEXT_MAX)
    problems.push(`imageAlt is ${answer.imageAlt.length} characters; it must be at most ${ALT_TEXT_MAX}.`);
  const meta = answer.metaDescription.length;
  if (meta < META_DESCRIPTION_RANGE.min || meta > META_DESCRIPTION_RANGE.max) {
    problems.push(
      `metaDescription is ${meta} characters; it must be ${META_DESCRIPTION_RANGE.min} to ${META_DESCRIPTION_RANGE.max}.`,
    );
  }
  if (answer.seoTitle.length > SEO_TITLE_MAX)
    problems.push(`seoTitle is ${answer.seoTitle.length} characters; it must be at most ${SEO_TITLE_MAX}.`);
  if (answer.slug.length > SLUG_MAX || answer.slug !== slugifyTitle(answer.slug)) {
    problems.push(`slug must be lowercase words joined by hyphens, at most ${SLUG_MAX} characters.`);
  }
  for (const [field, max] of Object.entries(FORM_CAPS)) {
    const value = answer[field as keyof typeof FORM_CAPS];
    if (value.length > max) problems.push(`${field} is ${value.length} characters; it must be at most ${max}.`);
  }
  return problems;
}

/**
 * Repairs what can be repaired without changing the meaning: cuts at a word boundary, a slug
 * made slug-shaped. What is left in `problems` (a meta description too short) needs a re-ask.
 */
export function repairAnswer(answer: ModelAnswer, title: string): { answer: ModelAnswer; problems: string[] } {
  const repaired: ModelAnswer = {
    ...answer,
    imageAlt: cutAtWord(answer.imageAlt, ALT_TEXT_MAX),
    seoTitle: cutAtWord(answer.seoTitle, SEO_TITLE_MAX),
    metaDescription: repairMeta(answer.metaDescription),
    slug: slugifyTitle(answer.slug) || slugifyTitle(title),
    shortHook: cutAtWord(answer.shortHook, FORM_CAPS.shortHook),
    ogTitle: cutAtWord(answer.ogTitle, FORM_CAPS.ogTitle),
    twitterTitle: cutAtWord(answer.twitterTitle, FORM_CAPS.twitterTitle),
    ogDescription: cutAtWord(answer.ogDescription, FORM_CAPS.ogDescription),
    twitterDescription: cutAtWord(answer.twitterDescription, FORM_CAPS.twitterDescription),
    keywords: [...new Set(answer.keywords.map((k) => k.trim()).filter(Boolean))],
  };
  return { answer: repaired, problems: limitProblems(repaired) };
}
