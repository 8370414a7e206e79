import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserFacingError } from '@/lib/http/user-facing-error';
import { categories } from '@/lib/categories';
import type { Database } from '@/lib/db/port';
import { getArtworkById, type Artwork } from '@/lib/artworks/queries';
import { asSystem, type Claims } from '@/lib/db/roles';
import { artworks } from '@/lib/db/schema';
import { createTestDatabase, testAccount } from '@/tests/support/db';
import { toFormValues } from './form-values';
import { saveArtworkRecord, type SaveDeps } from './save';
import { artworkFormSchema, emptyArtworkForm, splitList, type ArtworkFields, type ArtworkFormValues } from './schema';
import { anyValue } from '@/tests/support/hostile-values';

// The artwork form's schema and keyword parsing as properties: what the server accepts, what it
// stores and what the edit form shows again must agree for any input.

/** Text as typed or pasted: any Unicode (NUL, lone surrogates, controls), commas and spaces. */
const typed = (maxLength: number) =>
  fc
    .oneof(
      fc.string({ maxLength }),
      fc.string({ unit: 'binary', maxLength }),
      fc
        .array(fc.constantFrom('a', 'Ünï', ',', ', ', ' ', '\t', '\n', '\u0000', '\ud800', '😀', 'tag'), {
          maxLength: Math.min(maxLength, 40),
        })
        .map((parts) => parts.join('')),
    )
    .map((text) => text.slice(0, maxLength)); // a limit counts UTF-16 units; an astral character is two
const blankOr = (arb: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 1, arbitrary: fc.constant('') }, { weight: 3, arbitrary: arb });
// NUL is dropped before any rule (Postgres text cannot hold it), so it does not count.
const nonBlank = (maxLength: number) => typed(maxLength).filter((s) => /\S/.test(s.replaceAll('\u0000', '').trim()));

/** Form values the schema should accept: every field within its rules, otherwise anything. */
const validForm: fc.Arbitrary<ArtworkFormValues> = fc.record({
  title: nonBlank(200),
  slug: nonBlank(200),
  category: fc.constantFrom(...categories),
  description: typed(2000),
  story: typed(300),
  imageAlt: nonBlank(125),
  price: typed(60),
  currency: fc.stringMatching(/^ ?[A-Za-z]{3} ?$/),
  isForSale: fc.boolean(),
  availability: typed(100),
  sku: typed(100),
  editionSize: blankOr(fc.integer({ min: 1, max: 100_000 }).map(String)),
  editionNumber: blankOr(fc.integer({ min: 1, max: 100_000 }).map(String)),
  formatsAvailable: typed(200),
  framed: fc.boolean(),
  widthMm: blankOr(
    fc
      .tuple(fc.integer({ min: 1, max: 9_999_999 }), fc.option(fc.integer({ min: 0, max: 9 })))
      .map(([mm, tenth]) => (tenth === null ? String(mm) : `${mm}.${tenth}`)),
  ),
  heightMm: blankOr(fc.integer({ min: 1, max: 9_999_999 }).map(String)),
  year: blankOr(fc.integer({ min: 1900, max: 2100 }).map(String)),
  medium: typed(200),
  storeUrl: blankOr(fc.webUrl({ validSchemes: ['https', 'http'] })),
  tags: typed(200),
  longStoryDescription: typed(300),
  seoTitle: typed(200),
  seoDescription: typed(300),
  metaTitle: typed(200),
  metaDescription: typed(300),
  keywords: typed(400),
  ogTitle: typed(200),
  ogDescription: typed(300),
  twitterTitle: typed(200),
  twitterDescription: typed(300),
});

/**
 * Text as UTF-8 can carry it: a lone surrogate (which no keyboard types, only a crafted request)
 * is stored as U+FFFD, like every UTF-8 database and file would store it.
 */
const wellFormed = <T extends Record<string, unknown>>(fields: T): T =>
  Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      typeof value === 'string'
        ? value.toWellFormed()
        : Array.isArray(value)
          ? value.map((v: string) => v.toWellFormed())
          : value,
    ]),
  ) as T;

/** A stored artwork with these fields, as the database hands it back. */
const stored = (fields: ArtworkFields): Artwork =>
  ({ ...fields, id: '00000000-0000-4000-8000-000000000000' }) as unknown as Artwork;

describe('keyword parsing (properties)', () => {
  it('gives trimmed, non-empty entries without commas, each taken from the text, in order', () => {
    fc.assert(
      fc.property(typed(400), (text) => {
        const list = splitList(text);
        let from = 0;
        for (const entry of list) {
          expect(entry).toBe(entry.trim());
          expect(entry).not.toBe('');
          expect(entry).not.toContain(',');
          const at = text.indexOf(entry, from);
          expect(at).toBeGreaterThanOrEqual(from);
          from = at + entry.length;
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('round-trips through the edit form: the list joined as the form shows it parses back to itself', () => {
    fc.assert(
      fc.property(typed(400), (text) => {
        const list = splitList(text);
        expect(splitList(list.join(', '))).toEqual(list);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('artwork form schema (properties)', () => {
  it('never throws: any input parses or fails with field errors carrying a message', () => {
    const hostile = fc.oneof(
      anyValue,
      // Right keys, wrong or odd values: gets past the first type check into every field's rules.
      fc.record(
        Object.fromEntries(Object.keys(emptyArtworkForm).map((key) => [key, fc.oneof(typed(300), fc.anything())])),
        { requiredKeys: [] },
      ),
      validForm.chain((form) =>
        fc
          .record({ key: fc.constantFrom(...Object.keys(form)), value: fc.anything() })
          .map(({ key, value }) => ({ ...form, [key]: value })),
      ),
    );
    fc.assert(
      fc.property(hostile, (input) => {
        const result = artworkFormSchema.safeParse(input);
        if (result.success) return;
        expect(result.error.issues.length).toBeGreaterThan(0);
        for (const issue of result.error.issues) expect(issue.message).toMatch(/\S/);
      }),
      { numRuns: 1000 },
    );
  });

  it('accepts every form within the rules', () => {
    fc.assert(
      fc.property(validForm, (form) => {
        const result = artworkFormSchema.safeParse(form);
        expect(result.error?.issues ?? []).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('round-trips through the edit form: a stored artwork shows values that parse back to the same artwork', () => {
    fc.assert(
      fc.property(validForm, (form) => {
        const fields = artworkFormSchema.parse(form);
        expect(artworkFormSchema.parse(toFormValues(stored(fields)))).toEqual(fields);
      }),
      { numRuns: 300 },
    );
  });
});

describe('artwork form schema and the database (properties, PGlite)', () => {
  let db: Database;
  let admin: Claims;
  let id: string;
  const deps = (): SaveDeps => ({
    db,
    claims: admin,
    storage: { remove: async (files) => ({ removed: files, notFound: [], refused: [] }) },
    invalidate: () => {},
    log: async () => {},
  });

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    admin = await testAccount(db, 'owner@example.com', { admin: true });
    [{ id }] = (await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(artworks)
        .values({
          title: 'Start',
          slug: 'start',
          category: 'Landscapes',
          imageAlt: 'A watercolour',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning({ id: artworks.id }),
    )) as [{ id: string }];
  });
  afterAll(() => db.close());

  it('stores whatever it accepts, and the edit form shows it back unchanged (slug aside)', async () => {
    await fc.assert(
      fc.asyncProperty(validForm, async (form) => {
        const fields = artworkFormSchema.parse(form);
        let saved;
        try {
          saved = await saveArtworkRecord(deps(), { id, fields: form });
        } catch (error) {
          // An accepted form that the database refuses is a 500 for the admin: never acceptable.
          expect.fail(
            `accepted but not stored: ${error instanceof UserFacingError ? 'user-facing ' : ''}${String(error)}`,
          );
        }
        const row = await asSystem(db, 'test-setup', (sys) => getArtworkById(sys as never, saved.id));
        expect(artworkFormSchema.parse(toFormValues(row!))).toEqual(wellFormed({ ...fields, slug: saved.slug }));
      }),
      { numRuns: 40 },
    );
  });
});
