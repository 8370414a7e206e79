import slugify from 'slugify';

export const SLUG_MAX = 58;

/** Title to slug: lowercase, strict (punctuation removed), hyphen-separated, at most 58 characters. */
export function slugifyTitle(title: string): string {
  const slug = slugify(title, { lower: true, strict: true, trim: true, locale: 'en' });
  return truncateSlug(slug);
}

/**
 * The slug field's text as it is typed: the same cleaning as slugifyTitle, except that a
 * trailing hyphen stays (the next word is on its way). slugifyTitle(typingSlug(x)) equals
 * slugifyTitle(x), so what the field shows is what the save keeps.
 */
export function typingSlug(text: string): string {
  return slugify(text, { lower: true, strict: true, trim: false, locale: 'en' })
    .replace(/-{2,}/g, '-')
    .replace(/^-+/, '')
    .slice(0, SLUG_MAX);
}

/**
 * The slug a save asks for: the typed slug cleaned, or, when that cleans to nothing (say
 * '!!!'), the title's. 'artwork' only when the title cleans to nothing too.
 */
export function wantedSlug(slug: string, title: string): string {
  return slugifyTitle(slug) || slugifyTitle(title) || 'artwork';
}

export function truncateSlug(slug: string, max = SLUG_MAX): string {
  return slug.slice(0, max).replace(/-+$/g, '');
}

/**
 * The first free slug: the base cut to 58, then base-2, base-3… with the base shortened so the
 * suffix still fits. `taken` says whether a candidate is in use (by another record).
 */
export async function uniqueSlug(
  base: string,
  taken: (candidate: string) => Promise<boolean> | boolean,
): Promise<string> {
  const root = truncateSlug(slugifyTitle(base) || 'artwork');
  if (!(await taken(root))) return root;
  for (let n = 2; n < 10_000; n++) {
    const suffix = `-${n}`;
    const candidate = `${truncateSlug(root, SLUG_MAX - suffix.length)}${suffix}`;
    if (!(await taken(candidate))) return candidate;
  }
  throw new Error(`No free slug for "${base}"`);
}
