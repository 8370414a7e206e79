import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { artworks, newsletterLetters, stories } from '@/lib/db/schema';
import { createTestDatabase, drivers } from '@/tests/support/db';

vi.mock('server-only', () => ({}));
vi.mock('next/cache', () => ({ cacheLife: () => {}, cacheTag: () => {} }));

const { draftNewSince, INTRO_PLACEHOLDER } = await import('./new-since');
const { getLetter } = await import('./letters');

const now = new Date('2026-12-03T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000);

describe.each(drivers)('"Start from what’s new" (%s)', (driver) => {
  let db: Database;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    await asSystem(db, 'test-setup', async (sys) => {
      const painting = (
        title: string,
        slug: string,
        publishedAt: Date,
        more: Partial<typeof artworks.$inferInsert> = {},
      ) => ({
        title,
        slug,
        category: 'Landscapes',
        imageUrl: `/media/${slug}.webp`,
        imageThumb400Url: `/media/${slug}-400.webp`,
        imageWidth: 1200,
        imageHeight: 900,
        status: 'published' as const,
        publishedAt,
        ...more,
      });
      await sys
        .insert(artworks)
        .values([
          painting('Old Pond', 'old-pond', daysAgo(120)),
          painting('Brockwell Frost', 'brockwell-frost', daysAgo(40)),
          painting('Peckham Rye Dusk', 'peckham-rye-dusk', daysAgo(5)),
          painting('Half Done', 'half-done', daysAgo(3), { status: 'draft' }),
          painting('Put Away', 'put-away', daysAgo(3), { isArchived: true }),
        ]);
      const story = (title: string, slug: string, publishedAt: Date) => ({
        title,
        slug,
        excerpt: `About ${title} & more`,
        status: 'published' as const,
        publishedAt,
      });
      await sys
        .insert(stories)
        .values([
          story('An old story', 'an-old-story', daysAgo(100)),
          story('Mixing greys', 'mixing-greys', daysAgo(20)),
          story('Coming soon', 'coming-soon', new Date(now.getTime() + 24 * 3600 * 1000)),
        ]);
    });
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    await asSystem(db, 'test-setup', (sys) => sys.execute(sql`truncate app_private.newsletter_letters cascade`));
  });

  it('with no letter sent yet, gathers the last 90 days: published paintings as cards, then stories', async () => {
    const draft = await draftNewSince(db, now);
    expect(draft).toMatchObject({ status: 'draft', slug: 'new-work-december-2026' });
    expect(draft.paintings.map((p) => p.title)).toEqual(['Brockwell Frost', 'Peckham Rye Dusk']);
    expect(draft.stories.map((s) => s.slug)).toEqual(['mixing-greys']);
    const row = await getLetter(db, draft.id);
    expect(row?.title).toBe('New work, December 2026');
    const content = row!.content;
    expect(content.startsWith(`<p>${INTRO_PLACEHOLDER}</p><h2>New paintings</h2>`)).toBe(true);
    expect(content).toMatch(
      /<figure class="story-artwork" data-artwork-id="[0-9a-f-]{36}"><a href="\/gallery\/landscapes\/brockwell-frost"><img src="\/media\/brockwell-frost-400.webp" alt="Brockwell Frost" width="1200" height="900" loading="lazy" \/><\/a><figcaption><a href="\/gallery\/landscapes\/brockwell-frost">Brockwell Frost<\/a><\/figcaption><\/figure>/,
    );
    expect(content).toContain(
      '<h2>From the blog</h2><h3><a href="/blog/mixing-greys">Mixing greys</a></h3><p>About Mixing greys &amp; more</p>',
    );
    for (const absent of ['old-pond', 'half-done', 'put-away', 'an-old-story', 'coming-soon'])
      expect(content).not.toContain(absent);
  });

  it('after a letter went out, gathers only what was published since it started', async () => {
    await asSystem(db, 'test-setup', (sys) =>
      sys.insert(newsletterLetters).values({
        slug: 'november',
        title: 'November',
        status: 'sent',
        startedAt: daysAgo(10),
        sentAt: daysAgo(10),
      }),
    );
    const draft = await draftNewSince(db, now);
    expect(draft.since).toEqual(daysAgo(10));
    expect(draft.paintings.map((p) => p.title)).toEqual(['Peckham Rye Dusk']);
    expect(draft.stories).toEqual([]);
    expect((await getLetter(db, draft.id))?.content).not.toContain('From the blog');
  });

  it('says so plainly when nothing is new: the intro alone', async () => {
    await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(newsletterLetters)
        .values({ slug: 'yesterday', title: 'Yesterday', status: 'sent', startedAt: daysAgo(1) }),
    );
    const draft = await draftNewSince(db, now);
    expect((await getLetter(db, draft.id))?.content).toBe(`<p>${INTRO_PLACEHOLDER}</p>`);
  });
});
