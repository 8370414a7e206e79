import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { newsletterLetters } from '@/lib/db/schema';
import { storiesRss } from '@/lib/stories/feed';
import { createTestDatabase } from '@/tests/support/db';

vi.mock('server-only', () => ({}));
vi.mock('next/cache', () => ({ cacheLife: () => {}, cacheTag: () => {} }));

const { lettersAsFeedItems, newestFirst } = await import('./feed-items');
const { readSentLetters } = await import('./public');

const origin = 'https://elenamarsh.example';

describe('the feed’s letters', () => {
  let db: Database;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    await asSystem(db, 'test-setup', (sys) =>
      sys.insert(newsletterLetters).values([
        {
          slug: 'november-letter',
          title: 'November',
          summary: 'Frost on the Common.',
          content: '<p>See <a href="/gallery/landscapes/frost">the painting</a>.</p>',
          status: 'sent',
          startedAt: new Date('2026-11-02T08:00:00Z'),
        },
        { slug: 'draft-letter', title: 'A draft', content: '<p>Not yet</p>', status: 'draft' },
        { slug: 'going-letter', title: 'Going', content: '<p>Now</p>', status: 'sending', startedAt: new Date() },
      ]),
    );
  });
  afterAll(() => db.close());

  it('carries each sent letter, linked to its web version, among the stories by date, and no other', async () => {
    const story = {
      slug: 'mixing-greys',
      title: 'Mixing greys',
      excerpt: 'Greys from three colours.',
      category: 'Techniques',
      author: 'Elena Marsh',
      publishedAt: new Date('2026-10-01T09:00:00Z'),
      updatedAt: new Date('2026-10-01T09:00:00Z'),
      imageUrl: '',
      tags: [],
      content: '<p>Greys.</p>',
    };
    const xml = storiesRss(origin, newestFirst([story, ...lettersAsFeedItems(await readSentLetters(db))]));
    const items = xml.split('<item>').slice(1);
    expect(items).toHaveLength(2);
    expect(items[0]).toContain('<link>https://elenamarsh.example/newsletter/november-letter</link>');
    expect(items[0]).toContain('<description><![CDATA[Frost on the Common.]]></description>');
    expect(items[0]).toContain('<category>Newsletter</category>');
    expect(items[0]).toContain('href="https://elenamarsh.example/gallery/landscapes/frost"');
    expect(items[1]).toContain('<link>https://elenamarsh.example/blog/mixing-greys</link>');
    expect(xml).not.toContain('draft-letter');
    expect(xml).not.toContain('going-letter');
  });
});
