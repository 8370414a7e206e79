import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { newsletterDeliveries, newsletterLetters, subscribers } from '@/lib/db/schema';
import { createTestDatabase } from '@/tests/support/db';
import { databaseContents } from './contents';

// What a backup counts and keeps of the newsletter (docs/product.md, Letters): its letters and
// deliveries, checked again on restore, and the files a letter's body shows.
describe('a backup’s contents and the newsletter', () => {
  let db: Database;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    await asSystem(db, 'test-setup', async (sys) => {
      await sys.insert(subscribers).values({
        email: 'reader@example.com',
        name: 'Reader',
        consent: 'Subscribe to my newsletter for updates on new art and exhibitions.',
        status: 'confirmed',
      });
      const [letter] = await sys
        .insert(newsletterLetters)
        .values([
          {
            slug: 'november',
            title: 'November',
            status: 'sent',
            content: '<figure class="story-artwork"><img src="/media/art/frost-400.webp"></figure>',
          },
          { slug: 'draft', title: 'Draft', content: '<p><img src="/media/letters/sketch.webp"></p>' },
        ])
        .returning({ id: newsletterLetters.id });
      await sys.insert(newsletterDeliveries).values({ letterId: letter!.id, email: 'reader@example.com' });
    });
  });
  afterAll(() => db.close());

  it('counts the letters and deliveries, and keeps the files their bodies show', async () => {
    const contents = await databaseContents(db.runner);
    expect(contents).toMatchObject({ letters: 2, deliveries: 1, subscribers: 1 });
    expect(contents.files).toEqual(
      expect.arrayContaining(['uploads/public/art/frost-400.webp', 'uploads/public/letters/sketch.webp']),
    );
  });
});
