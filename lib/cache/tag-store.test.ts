import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Tx } from '@/lib/db/port';
import { asUser, asVisitor, type Claims } from '@/lib/db/roles';
import { createTestDatabase, drivers } from '@/tests/support/db';
import { BOOT_TAGS as HANDLER_BOOT_TAGS } from '../../cache-handlers/tag-sync.mjs';
import {
  invalidateTags,
  readTagInvalidations,
  recordBootInvalidation,
  recordTagInvalidations,
  BOOT_TAGS,
  tagInvalidations,
} from './tag-store';

describe('tagInvalidations', () => {
  it('expires now without durations (updateTag, revalidateTag(tag, { expire: 0 }) style)', () => {
    expect(tagInvalidations(['a', 'a'], undefined, 1000)).toEqual([{ tag: 'a', staleAt: 0, expiredAt: 1000 }]);
  });
  it('marks stale now and expires later with a profile', () => {
    expect(tagInvalidations(['a'], { expire: 60 }, 1000)).toEqual([{ tag: 'a', staleAt: 1000, expiredAt: 61_000 }]);
    expect(tagInvalidations(['a'], {}, 1000)).toEqual([{ tag: 'a', staleAt: 1000, expiredAt: 0 }]);
  });
});

describe('boot tags', () => {
  it('are the public data tags, the same in the handlers (which cannot import TypeScript)', () => {
    expect([...BOOT_TAGS]).toEqual(['artworks', 'redirects', 'stories', 'site-settings', 'shop', 'newsletter']);
    expect(HANDLER_BOOT_TAGS).toEqual([...BOOT_TAGS]);
  });
});

describe.each(drivers)('cache tag store on %s', (driver) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('records, reads back, and only ever moves times forward', async () => {
    await invalidateTags(db, ['artworks', 'artwork:quiet-pond'], 5_000);
    await recordTagInvalidations(db, [{ tag: 'artworks', expiredAt: 4_000, staleAt: 7_000 }]);
    const rows = await readTagInvalidations(db, null);
    const byTag = new Map(rows.map((row) => [row.tag, row]));
    expect(byTag.get('artworks')).toMatchObject({ expiredAt: 5_000, staleAt: 7_000 });
    expect(byTag.get('artwork:quiet-pond')).toMatchObject({ expiredAt: 5_000, staleAt: 0 });
    expect(byTag.get('artworks')!.updatedAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it('returns only rows changed after a watermark', async () => {
    const before = await readTagInvalidations(db, null);
    const watermark = Math.max(...before.map((row) => row.updatedAt));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await invalidateTags(db, ['redirects']);
    const changed = await readTagInvalidations(db, watermark);
    expect(changed.map((row) => row.tag)).toEqual(['redirects']);
  });

  it('boot rule expires the public data tags at start time', async () => {
    await recordBootInvalidation(db, Date.now() + 60_000);
    const rows = await readTagInvalidations(db, null);
    for (const tag of BOOT_TAGS) expect(rows.find((row) => row.tag === tag)?.expiredAt).toBeGreaterThan(Date.now());
  });

  it('is unreachable to visitors and signed-in users (no grants, RLS on)', async () => {
    const member: Claims = { sub: crypto.randomUUID(), email: 'member@example.com', role: 'authenticated' };
    const attempts: [string, (tx: Tx) => Promise<unknown>][] = [
      ['read', (tx) => tx.execute(sql`select * from app_private.cache_tags`)],
      ['write', (tx) => tx.execute(sql`insert into app_private.cache_tags (tag, expired_at) values ('artworks', 0)`)],
    ];
    for (const [what, attempt] of attempts) {
      for (const [who, run] of [
        ['a visitor', (fn: (tx: Tx) => Promise<unknown>) => asVisitor(db, fn)],
        ['a signed-in user', (fn: (tx: Tx) => Promise<unknown>) => asUser(db, member, fn)],
      ] as const) {
        const error = await run(attempt).then(
          () => null,
          (e: unknown) => e,
        );
        // 42501: insufficient privilege (no usage on app_private, no grant on the table).
        expect(codeOf(error), `${who} may not ${what} the cache tag store`).toBe('42501');
      }
    }
  });
});

/** Postgres error code of a failed query, through Drizzle's wrapper. */
function codeOf(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.cause?.code ?? e?.code;
}
