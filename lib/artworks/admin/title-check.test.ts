import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertLocalUser } from '@/lib/users/users';
import type { Database } from '@/lib/db/port';
import { asAdmin, asSystem, type Claims } from '@/lib/db/roles';
import { artworks } from '@/lib/db/schema';
import { createTestDatabase, drivers } from '@/tests/support/db';
import { artworkWithSameTitle } from './title-check';

describe.each(drivers)('another artwork with the same title, on %s', (driver) => {
  let db: Database;
  let admin: Claims;
  let heronId: string;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    const a = await upsertLocalUser(db, { email: 'owner@example.com', password: 'owner password', admin: true });
    admin = { sub: a.id, email: 'owner@example.com', role: 'authenticated' };
    const [row] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(artworks)
        .values({
          title: 'Grey  Heron ',
          slug: 'grey-heron',
          category: 'Animals',
          imageAlt: 'A heron',
          status: 'draft',
        })
        .returning({ id: artworks.id }),
    );
    heronId = row!.id;
  });
  afterAll(() => db.close());

  const find = (title: string, excludeId?: string) =>
    asAdmin(db, admin, (tx) => artworkWithSameTitle(tx, title, excludeId));

  it('finds it whatever the case and spacing, drafts included', async () => {
    expect(await find('grey heron')).toEqual({ id: heronId, title: 'Grey  Heron ' });
    expect(await find('  GREY   HERON')).toMatchObject({ id: heronId });
  });

  it('finds nothing for another title, an empty one, or the artwork being edited', async () => {
    expect(await find('Grey Herons')).toBeNull();
    expect(await find('   ')).toBeNull();
    expect(await find('Grey Heron', heronId)).toBeNull();
    // LIKE patterns and regex characters are text here, not patterns.
    expect(await find('%')).toBeNull();
    expect(await find('.*')).toBeNull();
  });
});
