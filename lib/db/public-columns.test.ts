import { getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './port';
import {
  getPublishedArtworkBySlug,
  listPublishedArtworkPaths,
  listPublishedArtworks,
  privateArtworkColumns,
  publicArtworkColumns,
  searchPublishedArtworks,
} from '@/lib/artworks/queries';
import { asAdmin, asSystem, asUser, asVisitor, type Claims } from './roles';
import { artworks } from './schema';
import { createTestDatabase, drivers, postgresErrorCode, testAccount } from '../../tests/support/db';

const columnsOf = getTableColumns(artworks);
/** Database names of the internal columns, e.g. ai_notes. */
const privateNames = privateArtworkColumns.map((key) => columnsOf[key].name);
const privateKeys: readonly string[] = privateArtworkColumns;

async function refusal(work: Promise<unknown>): Promise<string | undefined> {
  return work.then(
    () => 'allowed',
    (error: unknown) => postgresErrorCode(error),
  );
}

/** Every key of every object in a value, however deep (a public read's whole answer). */
function keysIn(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysIn(item, into);
  else if (value && typeof value === 'object' && !(value instanceof Date)) {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysIn(inner, into);
    }
  }
  return into;
}

describe.each(drivers)('the public column boundary on %s', (driver) => {
  let db: Database;
  let admin: Claims;
  let member: Claims;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    admin = await testAccount(db, 'owner@example.com', { admin: true });
    member = await testAccount(db, 'member@example.com');
    await asSystem(db, 'test-setup', (sys) =>
      sys.insert(artworks).values({
        title: 'Quiet Harbour',
        slug: 'quiet-harbour',
        category: 'Seascapes',
        description: 'Boats at rest',
        aiNotes: 'internal: written by the helper',
        imageOriginalUrl: 'private:seascapes/quiet-harbour/original.jpg',
        previousContent: { description: 'older words' },
        socialMediaContent: { instagram: 'draft post' },
        sku: 'EM-0001',
        imageChecksum: 'a'.repeat(64),
        lastAiGeneratedAt: new Date(),
      }),
    );
  });
  afterAll(() => db.close());

  for (const name of privateNames) {
    it(`refuses ${name} to a visitor and to a signed-in non-admin`, async () => {
      const select = sql.raw(`select ${name} from public.artworks`);
      expect(await refusal(asVisitor(db, (tx) => tx.execute(select)))).toBe('42501');
      expect(await refusal(asUser(db, member, (tx) => tx.execute(select)))).toBe('42501');
    });
  }

  it('refuses select * to a visitor, and gives an admin every column', async () => {
    expect(await refusal(asVisitor(db, (tx) => tx.execute(sql`select * from public.artworks`)))).toBe('42501');
    const [row] = await asAdmin(db, admin, (tx) => tx.select().from(artworks));
    expect(row?.aiNotes).toBe('internal: written by the helper');
    expect(row?.sku).toBe('EM-0001');
  });

  it("an admin's role shows a non-admin no more rows (policies still check is_admin)", async () => {
    await asSystem(db, 'test-setup', (sys) =>
      sys.insert(artworks).values({ title: 'Unfinished', slug: 'unfinished', status: 'draft' }),
    );
    const rows = await asAdmin(db, member, (tx) => tx.select({ slug: artworks.slug }).from(artworks));
    expect(rows.map((r) => r.slug)).toEqual(['quiet-harbour']);
  });

  it('grants visitors exactly the columns the app names public', async () => {
    const granted = (await asSystem(db, 'test-setup', (sys) =>
      sys.execute(sql`select column_name from information_schema.column_privileges
        where table_schema = 'public' and table_name = 'artworks' and grantee = 'anon' and privilege_type = 'SELECT'`),
    )) as unknown;
    const rows = Array.isArray(granted) ? granted : (granted as { rows: unknown[] }).rows;
    const names = (rows as { column_name: string }[]).map((r) => r.column_name).sort();
    const appNames = [
      ...Object.values(publicArtworkColumns).map((column) => column.name),
      columnsOf.search.name,
    ].sort();
    expect(names).toEqual(appNames);
    for (const name of privateNames) expect(names).not.toContain(name);
  });

  it('returns no internal field from any public read', async () => {
    const answers = await asVisitor(db, async (tx) => [
      await listPublishedArtworks(tx, {}),
      await getPublishedArtworkBySlug(tx, 'quiet-harbour'),
      await searchPublishedArtworks(tx, 'harbour'),
      await listPublishedArtworkPaths(tx),
    ]);
    expect(answers[1]).toMatchObject({ title: 'Quiet Harbour' });
    expect(answers[2]).toHaveLength(1);
    const leaked = [...keysIn(answers)].filter((key) => privateKeys.includes(key));
    expect(leaked).toEqual([]);
  });
});
