import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { createTestDatabase, drivers } from '@/tests/support/db';

// The real sitemap and public queries against a test database; only Next's cache API (which
// needs a Next server), the server-only marker and the process's database handle are stood in for.
const scope = vi.hoisted(() => {
  process.env.SITE_URL = 'https://elenamarsh.example';
  return { db: undefined as Database | undefined };
});
vi.mock('server-only', () => ({}));
vi.mock('next/cache', () => ({ cacheLife: () => {}, cacheTag: () => {} }));
vi.mock('@/lib/database', () => ({ database: async () => scope.db! }));

const { sitemapEntries } = await import('./entries');
const { blogPosts } = await import('@/lib/seed/blog-posts');
const { seedStories } = await import('@/lib/seed/stories');
const { listCollections } = await import('@/lib/artworks/collections');
const { asSystem } = await import('@/lib/db/roles');
const { artworks, stories } = await import('@/lib/db/schema');

const origin = 'https://elenamarsh.example';
const ARTWORK_URL = /^https:\/\/elenamarsh\.example\/gallery\/[^/]+\/[^/]+$/;

describe.each(drivers)('sitemap on %s', (driver) => {
  let db: Database;
  const heronUpdated = new Date('2026-05-04T10:00:00Z');

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    scope.db = db;
    await asSystem(db, 'test-setup', (sys) =>
      sys.insert(artworks).values([
        { title: 'Heron at Dawn', slug: 'heron-at-dawn', category: 'Animals', updatedAt: heronUpdated },
        { title: 'Quiet Lane', slug: 'quiet-lane', category: 'Landscapes' },
        { title: 'Unfinished Harbour', slug: 'unfinished-harbour', category: 'Seascapes', status: 'draft' },
        { title: 'Retired Roses', slug: 'retired-roses', category: 'Florals', isArchived: true },
      ]),
    );
    await seedStories(db);
    await asSystem(db, 'test-setup', (sys) =>
      sys.insert(stories).values([
        { title: 'Half Written', slug: 'half-written', status: 'draft' },
        {
          title: 'Next Week',
          slug: 'next-week',
          status: 'published',
          publishedAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
        },
      ]),
    );
  });
  afterAll(() => db.close());

  it('lists every published artwork at its gallery path, and no draft or archived work', async () => {
    const entries = await sitemapEntries();
    const artworkUrls = entries.map((entry) => entry.url).filter((url) => ARTWORK_URL.test(url));
    expect(artworkUrls.sort()).toEqual([
      `${origin}/gallery/animals/heron-at-dawn`,
      `${origin}/gallery/landscapes/quiet-lane`,
    ]);
    const all = entries.map((entry) => entry.url).join('\n');
    expect(all).not.toContain('unfinished-harbour');
    expect(all).not.toContain('retired-roses');
    expect(entries.find((entry) => entry.url.endsWith('/heron-at-dawn'))?.lastModified).toEqual(heronUpdated);
  });

  it('lists every published story (no draft, nothing scheduled), the blog index and every collection page', async () => {
    const entries = await sitemapEntries();
    const urls = new Set(entries.map((entry) => entry.url));
    expect(blogPosts).toHaveLength(6);
    for (const post of blogPosts) expect(urls, post.slug).toContain(`${origin}/blog/${post.slug}`);
    expect(entries.find((entry) => entry.url.endsWith(`/blog/${blogPosts[0]!.slug}`))?.lastModified).toEqual(
      new Date(`${blogPosts[0]!.date}T00:00:00Z`),
    );
    expect(urls).not.toContain(`${origin}/blog/half-written`);
    expect(urls).not.toContain(`${origin}/blog/next-week`);
    expect(urls).toContain(`${origin}/blog`);
    for (const collection of listCollections()) expect(urls).toContain(`${origin}/gallery/${collection.slug}`);
    for (const page of ['/', '/gallery', '/shop', '/about', '/contact', '/terms', '/privacy'])
      expect(urls).toContain(new URL(page, origin).toString());
  });
});

describe.each(drivers)('sitemap and newsletter letters on %s', (driver) => {
  let db: Database;
  const sentUpdated = new Date('2026-11-02T08:00:00Z');

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    scope.db = db;
    const { newsletterLetters } = await import('@/lib/db/schema');
    await asSystem(db, 'test-setup', (sys) =>
      sys.insert(newsletterLetters).values([
        { slug: 'november-letter', title: 'November', status: 'sent', startedAt: sentUpdated, updatedAt: sentUpdated },
        { slug: 'draft-letter', title: 'Draft', status: 'draft' },
        { slug: 'later-letter', title: 'Later', status: 'scheduled', sendAt: new Date(Date.now() + 86_400_000) },
        { slug: 'going-letter', title: 'Going', status: 'sending', startedAt: new Date() },
      ]),
    );
  });
  afterAll(() => db.close());

  it('lists the letters’ page and each sent letter, and no letter that has not gone out', async () => {
    const entries = await sitemapEntries();
    const letters = entries.filter((entry) => entry.url.includes('/newsletter'));
    expect(letters.map((entry) => entry.url)).toEqual([`${origin}/newsletter`, `${origin}/newsletter/november-letter`]);
    expect(letters.map((entry) => entry.lastModified)).toEqual([sentUpdated, sentUpdated]);
  });
});
