import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPlausibleSlug } from './artworks/slug-guard';
import { SLUG_MAX, slugifyTitle, truncateSlug, typingSlug, uniqueSlug, wantedSlug } from './slug';

// Properties of the slug rules (lib/slug.ts) and the public pages' slug guard
// (lib/artworks/slug-guard.ts): what the save makes must be what the pages accept.

/** Titles as people type them, plus arbitrary Unicode, punctuation and long runs. */
const title = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 120 }),
  fc.string({ unit: 'binary', maxLength: 120 }),
  // Long titles of short words, so the 58-character cut often lands next to a hyphen.
  fc.array(fc.stringMatching(/^[A-Za-z0-9]{1,6}$/), { minLength: 8, maxLength: 30 }).map((words) => words.join(' ')),
  fc
    .array(
      fc.constantFrom('Morning', 'mist', '—', ' ', '-', "'", '&', '£', 'Ünïcödé', '!!', '  ', '--', '_', '.', '𝔸', 'ß'),
      { maxLength: 40 },
    )
    .map((parts) => parts.join('')),
);
const plausibleSlug = fc
  .stringMatching(/^[a-z0-9]{1,12}(-[a-z0-9]{1,12}){0,6}$/)
  .filter((slug) => slug.length <= SLUG_MAX);

describe('slug rules (properties)', () => {
  it('slugifyTitle gives an empty string or a slug the artwork pages accept', () => {
    fc.assert(
      fc.property(title, (text) => {
        const slug = slugifyTitle(text);
        expect(slug === '' || isPlausibleSlug(slug)).toBe(true);
        expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
      }),
      { numRuns: 1000 },
    );
  });

  it('slugifyTitle is idempotent: a slug is its own slug', () => {
    fc.assert(
      fc.property(title, (text) => {
        const slug = slugifyTitle(text);
        expect(slugifyTitle(slug)).toBe(slug);
      }),
      { numRuns: 1000 },
    );
  });

  it('a slug the pages accept is kept exactly as typed', () => {
    fc.assert(
      fc.property(plausibleSlug, (slug) => {
        expect(slugifyTitle(slug)).toBe(slug);
      }),
    );
  });

  it('truncateSlug never lengthens, keeps a prefix and never ends with a hyphen', () => {
    fc.assert(
      fc.property(plausibleSlug, fc.integer({ min: 1, max: 70 }), (slug, max) => {
        const cut = truncateSlug(slug, max);
        expect(cut.length).toBeLessThanOrEqual(Math.min(max, slug.length));
        expect(slug.startsWith(cut)).toBe(true);
        expect(cut.endsWith('-')).toBe(false);
        expect(isPlausibleSlug(cut)).toBe(true);
      }),
    );
  });

  it('uniqueSlug answers a free slug the pages accept, whatever is taken', async () => {
    await fc.assert(
      fc.asyncProperty(title, fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 30 }), async (text, clashes) => {
        // Take the root and some of its numbered variants, so the suffix path is exercised.
        const root = truncateSlug(slugifyTitle(text) || 'artwork');
        const taken = new Set(
          clashes.map((n) => (n === 1 ? root : `${truncateSlug(root, SLUG_MAX - `-${n}`.length)}-${n}`)),
        );
        const slug = await uniqueSlug(text, (candidate) => taken.has(candidate));
        expect(isPlausibleSlug(slug)).toBe(true);
        expect(taken.has(slug)).toBe(false);
        if (!taken.has(root)) expect(slug).toBe(root);
        else expect(slug).toMatch(/-\d+$/);
      }),
      { numRuns: 500 },
    );
  });

  it('uniqueSlug picks the lowest free suffix', async () => {
    await fc.assert(
      fc.asyncProperty(plausibleSlug, fc.integer({ min: 0, max: 25 }), async (slug, takenCount) => {
        // The root and -2 … -takenCount are taken: the answer is the next suffix, or the root itself.
        const suffixed = (n: number) => `${truncateSlug(slug, SLUG_MAX - `-${n}`.length)}-${n}`;
        const taken = new Set(
          takenCount === 0 ? [] : [slug, ...Array.from({ length: takenCount - 1 }, (_, i) => suffixed(i + 2))],
        );
        const answer = await uniqueSlug(slug, (candidate) => taken.has(candidate));
        let lowest = 2;
        while (taken.has(suffixed(lowest))) lowest++;
        expect(answer).toBe(takenCount === 0 ? slug : suffixed(lowest));
      }),
    );
  });

  it('isPlausibleSlug never throws and refuses anything outside [a-z0-9-], over 58 or with stray hyphens', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (segment) => {
        const plausible = isPlausibleSlug(segment);
        if (plausible) {
          expect(segment).toMatch(/^[a-z0-9-]+$/);
          expect(segment.length).toBeLessThanOrEqual(SLUG_MAX);
          expect(segment.startsWith('-') || segment.endsWith('-') || segment.includes('--')).toBe(false);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('the slug field as it is typed (properties)', () => {
  it('typingSlug, finished, is the slug the save makes: slugifyTitle(typingSlug(x)) = slugifyTitle(x)', () => {
    fc.assert(
      fc.property(title, (text) => {
        expect(slugifyTitle(typingSlug(text))).toBe(slugifyTitle(text));
      }),
      { numRuns: 1000 },
    );
  });

  it('typingSlug is stable: cleaning what the field shows changes nothing', () => {
    fc.assert(
      fc.property(title, (text) => {
        const shown = typingSlug(text);
        expect(typingSlug(shown)).toBe(shown);
        expect(shown).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*-?)?$/);
      }),
      { numRuns: 1000 },
    );
  });

  it('wantedSlug is never empty and falls back to the title when the slug cleans to nothing', () => {
    fc.assert(
      fc.property(title, title, (slug, name) => {
        const wanted = wantedSlug(slug, name);
        expect(isPlausibleSlug(wanted)).toBe(true);
        if (slugifyTitle(slug) === '' && slugifyTitle(name) !== '') expect(wanted).toBe(slugifyTitle(name));
      }),
      { numRuns: 500 },
    );
    expect(wantedSlug('!!!', 'Morning Mist')).toBe('morning-mist');
    expect(wantedSlug('!!!', '!!!')).toBe('artwork');
  });
});
