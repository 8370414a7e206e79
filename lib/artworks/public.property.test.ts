import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { categories } from '@/lib/categories';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { artworks } from '@/lib/db/schema';
import { createTestDatabase } from '@/tests/support/db';
import { galleryPagePath, parsePageSegment } from '@/lib/paging';
import { SEARCH_MAX_LENGTH } from './search-limits';
import { anyValue } from '@/tests/support/hostile-values';

// What a visitor controls, as properties: the search box (?q=), the gallery page segment, and the
// arguments of the cached public reads, which Next exposes to the browser as callable references
// (lib/artworks/public.ts parses them with its own zod schema). Arbitrary input never throws,
// and what no page could ask for never reaches the database.

const scope = vi.hoisted(() => ({ db: undefined as Database | undefined, opened: 0 }));
vi.mock('server-only', () => ({}));
vi.mock('next/cache', () => ({ cacheLife: () => {}, cacheTag: () => {} }));
vi.mock('@/lib/database', () => ({
  database: async () => {
    scope.opened++;
    return scope.db!;
  },
}));

const { getGalleryPage, getPublicArtwork, searchPublicArtworks } = await import('./public');
const { normaliseQuery } = await import('@/lib/search');

/** A search as typed, pasted or crafted: tsquery operators, quotes, controls, long runs. */
const searchText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc
    .array(
      fc.constantFrom(
        'harbour',
        ' ',
        '"',
        '-',
        'or',
        'OR',
        '!',
        '&',
        '|',
        ':*',
        '(',
        ')',
        '<->',
        "'",
        '\\',
        '\u0000',
        '\n',
        'é',
        '😀',
        '*',
      ),
      { maxLength: 60 },
    )
    .map((parts) => parts.join('')),
);

describe('search box and page segments (properties)', () => {
  it('normaliseQuery is idempotent, bounded and free of control characters', () => {
    fc.assert(
      fc.property(fc.oneof(searchText, fc.array(searchText, { maxLength: 3 }), fc.constant(undefined)), (raw) => {
        const query = normaliseQuery(raw);
        expect(normaliseQuery(query)).toBe(query);
        expect(query.length).toBeLessThanOrEqual(SEARCH_MAX_LENGTH);
        expect(query).not.toMatch(/[\u0000-\u001f\u007f]/);
        expect(query).toBe(query.trim());
        expect(query).not.toContain('  ');
      }),
      { numRuns: 1000 },
    );
  });

  it('a page segment is read only in its one written form, and round-trips through the page URL', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 10 }),
          fc.integer().map(String),
          fc.nat({ max: 2_000_000 }).map((n) => `${n}`),
        ),
        (segment) => {
          const page = parsePageSegment(segment);
          if (page === null) return;
          expect(String(page)).toBe(segment);
          expect(page).toBeGreaterThanOrEqual(1);
          const path = galleryPagePath('/gallery/all', page);
          expect(page === 1 ? path : path.split('/').at(-1)).toBe(page === 1 ? '/gallery/all' : segment);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('cached public reads called with arbitrary arguments (properties, PGlite)', () => {
  beforeAll(async () => {
    scope.db = await createTestDatabase('pglite');
    await asSystem(scope.db, 'test-setup', (sys) =>
      sys.insert(artworks).values([
        {
          title: 'Quiet Harbour',
          slug: 'quiet-harbour',
          category: 'Seascapes',
          description: 'Boats at rest',
          status: 'published',
          publishedAt: new Date(),
        },
        { title: 'Hidden Draft', slug: 'hidden-draft', category: 'Seascapes', status: 'draft' },
      ]),
    );
  });
  afterAll(() => scope.db!.close());

  const galleryOptions = fc.oneof(
    fc.record(
      {
        category: fc.option(fc.constantFrom(...categories), { nil: undefined }),
        page: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: undefined }),
      },
      { requiredKeys: [] },
    ),
    fc.record(
      { category: fc.oneof(fc.string(), anyValue), page: fc.oneof(fc.double(), fc.integer(), anyValue) },
      { requiredKeys: [] },
    ),
    anyValue,
  );

  it('getGalleryPage answers a bounded page of published artworks, or the empty page without a query', async () => {
    await fc.assert(
      fc.asyncProperty(galleryOptions, async (options) => {
        const opened = scope.opened;
        const page = await getGalleryPage(options as never);
        expect(page.page).toBeGreaterThanOrEqual(1);
        expect(page.items.length).toBeLessThanOrEqual(page.total);
        expect(page.items.map((item) => item.slug)).not.toContain('hidden-draft');
        const valid =
          options === undefined ||
          (typeof options === 'object' &&
            options !== null &&
            Object.keys(options).every((key) => ['category', 'page'].includes(key)) &&
            ((options as { category?: unknown }).category === undefined ||
              categories.includes((options as { category: never }).category)) &&
            ((options as { page?: unknown }).page === undefined ||
              (Number.isInteger((options as { page: number }).page) &&
                (options as { page: number }).page >= 1 &&
                (options as { page: number }).page <= 100_000)));
        if (!valid) {
          expect(page).toEqual({ items: [], total: 0, page: 1, pageCount: 1 });
          expect(scope.opened).toBe(opened);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('getPublicArtwork answers a published artwork or null, and queries only for a plausible slug', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 80 }),
          fc.stringMatching(/^[a-z0-9-]{1,60}$/),
          fc.constantFrom('quiet-harbour', 'hidden-draft'),
          anyValue,
        ),
        async (slug) => {
          const opened = scope.opened;
          const artwork = await getPublicArtwork(slug as string);
          if (slug === 'quiet-harbour') expect(artwork?.title).toBe('Quiet Harbour');
          else expect(artwork).toBeNull();
          const plausible = typeof slug === 'string' && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) && slug.length <= 58;
          if (!plausible) expect(scope.opened).toBe(opened);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('searchPublicArtworks answers any normalised query from the database without an error, and nothing else without a query', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          searchText.map((text) => normaliseQuery(text)),
          searchText,
          anyValue,
        ),
        async (query) => {
          const opened = scope.opened;
          const results = await searchPublicArtworks(query as string);
          expect(Array.isArray(results)).toBe(true);
          expect(results.map((r) => r.slug)).not.toContain('hidden-draft');
          if (
            typeof query !== 'string' ||
            !query ||
            query.length > SEARCH_MAX_LENGTH ||
            /[\u0000-\u001f\u007f]/.test(query)
          ) {
            expect(results).toEqual([]);
            expect(scope.opened).toBe(opened);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
