import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertLocalUser } from '@/lib/users/users';
import type { Database } from './port';
import { asSystem, asUser, asVisitor, type Claims } from './roles';
import { artworks, authUsers, cacheTags, debugNow, logsAiRetrofit, logsApp, profiles, redirects } from './schema';
import { createTestDatabase, drivers } from '../../tests/support/db';

/** Postgres error code of a failed query, through Drizzle's wrapper. */
function codeOf(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.cause?.code ?? e?.code;
}

async function expectDenied(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'expected the database to refuse').not.toBeNull();
  // 42501: insufficient privilege, or a row violating a row-level security policy.
  expect(codeOf(error)).toBe('42501');
}

describe.each(drivers)('row-level security on %s', (driver) => {
  let db: Database;
  let admin: Claims;
  let member: Claims;
  let other: Claims;
  let draftId: string;
  let publishedId: string;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    const a = await upsertLocalUser(db, { email: 'owner@example.com', password: 'owner password', admin: true });
    const m = await upsertLocalUser(db, { email: 'member@example.com', password: 'member password' });
    const o = await upsertLocalUser(db, { email: 'other@example.com', password: 'other password' });
    admin = { sub: a.id, email: 'owner@example.com', role: 'authenticated' };
    member = { sub: m.id, email: 'member@example.com', role: 'authenticated' };
    other = { sub: o.id, email: 'other@example.com', role: 'authenticated' };
    const rows = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(artworks)
        .values([
          { title: 'Published', slug: 'published', category: 'Florals' },
          { title: 'Draft', slug: 'draft', status: 'draft', category: 'Florals' },
          { title: 'Archived', slug: 'archived', isArchived: true, category: 'Florals' },
        ])
        .returning({ id: artworks.id, slug: artworks.slug }),
    );
    publishedId = rows.find((r) => r.slug === 'published')!.id;
    draftId = rows.find((r) => r.slug === 'draft')!.id;
    await asSystem(db, 'test-setup', async (sys) => {
      await sys
        .insert(redirects)
        .values({ sourcePath: '/gallery/florals/old', destinationPath: '/gallery/florals/published' });
      await sys.insert(logsApp).values({ level: 'info', message: 'seeded event' });
      await sys
        .insert(logsAiRetrofit)
        .values({ artworkId: publishedId, functionName: 'generate-artwork-details', errorMessage: 'timeout' });
    });
  });
  afterAll(() => db.close());

  const allRedirects = () => asSystem(db, 'test-setup', (sys) => sys.select().from(redirects).orderBy(redirects.id));
  const allAiLogs = () =>
    asSystem(db, 'test-setup', (sys) => sys.select().from(logsAiRetrofit).orderBy(logsAiRetrofit.id));

  describe('a visitor (anon)', () => {
    it('reads published, non-archived artworks only', async () => {
      const rows = await asVisitor(db, (tx) => tx.select({ slug: artworks.slug }).from(artworks));
      expect(rows.map((r) => r.slug)).toEqual(['published']);
    });

    it('cannot insert, update or delete artworks', async () => {
      await expectDenied(asVisitor(db, (tx) => tx.insert(artworks).values({ title: 'X', slug: 'x' })));
      await expectDenied(
        asVisitor(db, (tx) => tx.update(artworks).set({ title: 'Hacked' }).where(eq(artworks.id, publishedId))),
      );
      await expectDenied(asVisitor(db, (tx) => tx.delete(artworks).where(eq(artworks.id, publishedId))));
    });

    it('reads redirects but cannot write them', async () => {
      const before = await allRedirects();
      expect(await asVisitor(db, (tx) => tx.select().from(redirects))).toHaveLength(1);
      await expectDenied(
        asVisitor(db, (tx) => tx.insert(redirects).values({ sourcePath: '/a', destinationPath: '/b' })),
      );
      await expectDenied(asVisitor(db, (tx) => tx.update(redirects).set({ destinationPath: '/elsewhere' })));
      await expectDenied(asVisitor(db, (tx) => tx.delete(redirects)));
      expect(await allRedirects()).toEqual(before);
    });

    it('cannot record an AI retrofit error', async () => {
      const before = await allAiLogs();
      await expectDenied(
        asVisitor(db, (tx) =>
          tx.insert(logsAiRetrofit).values({ functionName: 'generate-artwork-details', errorMessage: 'forged' }),
        ),
      );
      expect(await allAiLogs()).toEqual(before);
    });

    it('cannot record, read or clear application logs (only the server writes them)', async () => {
      await expectDenied(
        asVisitor(db, (tx) => tx.insert(logsApp).values({ level: 'warn', message: 'non_2xx_response: 404' })),
      );
      await expectDenied(asVisitor(db, (tx) => tx.select().from(logsApp)));
      await expectDenied(asVisitor(db, (tx) => tx.delete(logsApp)));
      await expectDenied(asVisitor(db, (tx) => tx.select().from(logsAiRetrofit)));
    });

    it('cannot read profiles, auth users or the cache tag store', async () => {
      await expectDenied(asVisitor(db, (tx) => tx.select().from(profiles)));
      await expectDenied(asVisitor(db, (tx) => tx.select().from(authUsers)));
      await expectDenied(asVisitor(db, (tx) => tx.select().from(cacheTags)));
    });

    it('reads the debug_now view', async () => {
      const [row] = await asVisitor(db, (tx) => tx.select().from(debugNow));
      expect(row?.serverTime).toBeInstanceOf(Date);
    });
  });

  describe('a signed-in non-admin', () => {
    it('reads published artworks but not drafts', async () => {
      const rows = await asUser(db, member, (tx) => tx.select({ slug: artworks.slug }).from(artworks));
      expect(rows.map((r) => r.slug)).toEqual(['published']);
    });

    it('cannot insert, update or delete an artwork', async () => {
      await expectDenied(asUser(db, member, (tx) => tx.insert(artworks).values({ title: 'Mine', slug: 'mine' })));
      const updated = await asUser(db, member, (tx) =>
        tx.update(artworks).set({ title: 'Hacked' }).where(eq(artworks.id, publishedId)).returning({ id: artworks.id }),
      );
      expect(updated).toEqual([]);
      const deleted = await asUser(db, member, (tx) => tx.delete(artworks).returning({ id: artworks.id }));
      expect(deleted).toEqual([]);
      const [still] = await asSystem(db, 'test-setup', (sys) =>
        sys.select().from(artworks).where(eq(artworks.id, publishedId)),
      );
      expect(still?.title).toBe('Published');
    });

    it('cannot read or clear logs', async () => {
      expect(await asUser(db, member, (tx) => tx.select().from(logsApp))).toEqual([]);
      expect(await asUser(db, member, (tx) => tx.delete(logsApp).returning({ id: logsApp.id }))).toEqual([]);
      expect(await asUser(db, member, (tx) => tx.select().from(logsAiRetrofit))).toEqual([]);
      expect(await asUser(db, member, (tx) => tx.delete(logsAiRetrofit).returning({ id: logsAiRetrofit.id }))).toEqual(
        [],
      );
      const [{ n }] = (await asSystem(db, 'test-setup', (sys) =>
        sys.select({ n: sql<number>`count(*)::int` }).from(logsApp),
      )) as [{ n: number }];
      expect(n).toBeGreaterThanOrEqual(1);
    });

    it('cannot record an application event, in anyone’s name', async () => {
      await expectDenied(
        asUser(db, member, (tx) => tx.insert(logsApp).values({ message: 'spoof', userId: other.sub })),
      );
      await expectDenied(
        asUser(db, member, (tx) => tx.insert(logsApp).values({ message: 'mine', userId: member.sub })),
      );
    });

    it('reads only their own profile', async () => {
      const rows = await asUser(db, member, (tx) => tx.select().from(profiles));
      expect(rows.map((r) => r.userId)).toEqual([member.sub]);
    });

    it('cannot make itself admin', async () => {
      const updated = await asUser(db, member, (tx) =>
        tx
          .update(profiles)
          .set({ isAdmin: true })
          .where(eq(profiles.userId, member.sub))
          .returning({ id: profiles.userId }),
      );
      expect(updated).toEqual([]);
      await expectDenied(asUser(db, member, (tx) => tx.insert(profiles).values({ userId: member.sub, isAdmin: true })));
      const [{ isAdmin }] = (await asUser(db, member, (tx) =>
        tx.select({ isAdmin: sql<boolean>`app_private.is_admin()` }).from(sql`(select 1) as one`),
      )) as [{ isAdmin: boolean }];
      expect(isAdmin).toBe(false);
    });

    it('cannot write redirects', async () => {
      await expectDenied(
        asUser(db, member, (tx) => tx.insert(redirects).values({ sourcePath: '/x', destinationPath: '/y' })),
      );
    });

    it('cannot change or delete redirects: the policies leave it no rows to touch', async () => {
      const before = await allRedirects();
      expect(before.length).toBeGreaterThan(0);
      // authenticated holds the update and delete grants (admins need them); RLS filters the rows.
      const updated = await asUser(db, member, (tx) =>
        tx.update(redirects).set({ destinationPath: '/gallery/florals/hijacked' }).returning({ id: redirects.id }),
      );
      expect(updated).toEqual([]);
      const deleted = await asUser(db, member, (tx) => tx.delete(redirects).returning({ id: redirects.id }));
      expect(deleted).toEqual([]);
      expect(await allRedirects()).toEqual(before);
    });

    it('cannot record an AI retrofit error', async () => {
      const before = await allAiLogs();
      await expectDenied(
        asUser(db, member, (tx) =>
          tx
            .insert(logsAiRetrofit)
            .values({ artworkId: publishedId, functionName: 'generate-artwork-details', errorMessage: 'forged' }),
        ),
      );
      expect(await allAiLogs()).toEqual(before);
    });
  });

  describe('an admin', () => {
    it('reads every artwork, drafts and archived included', async () => {
      const rows = await asUser(db, admin, (tx) => tx.select({ slug: artworks.slug }).from(artworks));
      expect(rows.map((r) => r.slug).sort()).toEqual(['archived', 'draft', 'published']);
    });

    it('inserts, updates and deletes artworks', async () => {
      const [created] = await asUser(db, admin, (tx) =>
        tx
          .insert(artworks)
          .values({ title: 'New', slug: 'new-piece', category: 'Animals' })
          .returning({ id: artworks.id }),
      );
      expect(created?.id).toBeTruthy();
      const updated = await asUser(db, admin, (tx) =>
        tx
          .update(artworks)
          .set({ title: 'Renamed' })
          .where(eq(artworks.id, created!.id))
          .returning({ title: artworks.title }),
      );
      expect(updated).toEqual([{ title: 'Renamed' }]);
      const deleted = await asUser(db, admin, (tx) =>
        tx.delete(artworks).where(eq(artworks.id, draftId)).returning({ id: artworks.id }),
      );
      expect(deleted).toHaveLength(1);
    });

    it('reads and clears logs; the AI log outlives its artwork', async () => {
      expect((await asUser(db, admin, (tx) => tx.select().from(logsApp))).length).toBeGreaterThanOrEqual(1);
      await asUser(db, admin, (tx) => tx.delete(artworks).where(eq(artworks.id, publishedId)));
      const [log] = await asUser(db, admin, (tx) => tx.select().from(logsAiRetrofit));
      expect(log?.artworkId).toBeNull();
      await asUser(db, admin, (tx) => tx.delete(logsApp));
      await asUser(db, admin, (tx) => tx.delete(logsAiRetrofit));
      expect(await asUser(db, admin, (tx) => tx.select().from(logsApp))).toEqual([]);
      expect(await asUser(db, admin, (tx) => tx.select().from(logsAiRetrofit))).toEqual([]);
    });

    it('manages redirects and profiles', async () => {
      await asUser(db, admin, (tx) =>
        tx.insert(redirects).values({ sourcePath: '/gallery/a/b', destinationPath: '/gallery/a/c' }),
      );
      expect((await asUser(db, admin, (tx) => tx.select().from(profiles))).length).toBe(3);
      const promoted = await asUser(db, admin, (tx) =>
        tx
          .update(profiles)
          .set({ isAdmin: true })
          .where(eq(profiles.userId, other.sub))
          .returning({ isAdmin: profiles.isAdmin }),
      );
      expect(promoted).toEqual([{ isAdmin: true }]);
    });
  });

  it('gives every new auth user a profile that is not admin', async () => {
    const user = await upsertLocalUser(db, { email: 'fresh@example.com', password: 'fresh password' });
    const [profile] = await asSystem(db, 'test-setup', (sys) =>
      sys.select().from(profiles).where(eq(profiles.userId, user.id)),
    );
    expect(profile?.isAdmin).toBe(false);
  });

  it('caps an application log row’s meta at 16 KB by constraint', async () => {
    await expectCode(
      asSystem(db, 'test-setup', (sys) =>
        sys.insert(logsApp).values({ message: 'big', meta: { blob: 'x'.repeat(17_000) } }),
      ),
      '23514',
    );
    await asSystem(db, 'test-setup', (sys) =>
      sys.insert(logsApp).values({ message: 'small', meta: { blob: 'x'.repeat(1_000) } }),
    );
  });

  it('keeps slugs unique and within 58 characters by constraint', async () => {
    await expectCode(
      asSystem(db, 'test-setup', (sys) => sys.insert(artworks).values({ title: 'Dup', slug: 'archived' })),
      '23505',
    );
    await expectCode(
      asSystem(db, 'test-setup', (sys) => sys.insert(artworks).values({ title: 'Long', slug: 'a'.repeat(59) })),
      '23514',
    );
    await expectCode(
      asSystem(db, 'test-setup', (sys) => sys.insert(artworks).values({ title: 'Bad', slug: 'Not A Slug' })),
      '23514',
    );
  });
});

async function expectCode(work: Promise<unknown>, code: string) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(codeOf(error)).toBe(code);
}
