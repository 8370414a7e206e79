import { PGlite } from '@electric-sql/pglite';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyShimIfMissing, readMigrations } from '@/lib/db/migrate';
import { openPglite } from '@/lib/db/pglite-adapter';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { mailOutbox, subscribers } from '@/lib/db/schema';
import { pgliteRunner } from '@/lib/db/sql-runner';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
});

const { requestSubscription, unsubscribe, NEWSLETTER_CONSENT } = await import('./subscriptions');

// supabase/migrations/20261129080000_newsletter.sql on a site whose subscribe box already recorded
// addresses under the old form, whose words agreed to the newsletter: they stay subscribed,
// confirmed when they agreed, each with a code and an unsubscribe link, and are sent nothing.

const NEWSLETTER = '20261129080000';

/** A database migrated up to just before the newsletter, with two subscribers of the old form. */
async function databaseBeforeNewsletter(): Promise<Blob> {
  const pg = await PGlite.create();
  try {
    const runner = pgliteRunner(pg);
    await applyShimIfMissing(runner);
    await runner.exec(
      'create schema if not exists supabase_migrations; create table if not exists supabase_migrations.schema_migrations (version text primary key, statements text[], name text);',
    );
    for (const migration of readMigrations().filter((m) => m.version < NEWSLETTER)) {
      await runner.transaction(async (tx) => {
        await tx.exec(migration.sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [migration.version, migration.name, [migration.sql]],
        );
      });
    }
    await runner.query(
      `insert into app_private.subscribers (email, name, consent, consented_at) values
        ('ada@example.com', 'Ada', $1, '2026-03-01T10:00:00Z'),
        ('bo@example.com', 'Bo', $1, '2026-04-02T11:30:00Z')`,
      [NEWSLETTER_CONSENT],
    );
    return await pg.dumpDataDir('gzip');
  } finally {
    await pg.close();
  }
}

describe('the newsletter migration', () => {
  let db: Database;

  beforeAll(async () => {
    // Opening it applies the pending migrations, as a server start does.
    db = await openPglite({ loadDataDir: await databaseBeforeNewsletter() });
  });
  afterAll(() => db?.close());

  const rows = () =>
    asSystem(db, 'test-setup', (sys) => sys.select().from(subscribers).orderBy(asc(subscribers.email)));

  it('keeps the old subscribers confirmed when they agreed, each with its own code and unsubscribe link; sends nothing', async () => {
    const [ada, bo] = await rows();
    expect(ada).toMatchObject({
      email: 'ada@example.com',
      status: 'confirmed',
      consent: NEWSLETTER_CONSENT,
      confirmedAt: new Date('2026-03-01T10:00:00Z'),
      requestedAt: new Date('2026-03-01T10:00:00Z'),
      confirmToken: null,
      unsubscribedAt: null,
    });
    expect(bo).toMatchObject({ status: 'confirmed', confirmedAt: new Date('2026-04-02T11:30:00Z') });
    for (const row of [ada!, bo!]) {
      expect(row.discountCode).toMatch(/^PRINTS-[0-9A-F]{10}$/);
      expect(row.unsubscribeToken).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(ada!.discountCode).not.toBe(bo!.discountCode);
    expect(ada!.unsubscribeToken).not.toBe(bo!.unsubscribeToken);
    expect(await asSystem(db, 'test-setup', (sys) => sys.select().from(mailOutbox))).toEqual([]);
  });

  it('an old subscriber who ticks the box again is sent nothing; their unsubscribe link works', async () => {
    const result = await asSystem(db, 'test-setup', (sys) =>
      sys.transaction((tx) =>
        requestSubscription(tx, {
          email: 'ada@example.com',
          name: 'Ada',
          consent: NEWSLETTER_CONSENT,
          senderKey: 'k',
          now: new Date(),
          sendConfirmation: true,
        }),
      ),
    );
    expect(result).toBe('already-confirmed');
    const [ada] = await rows();
    expect(await unsubscribe(db, ada!.unsubscribeToken)).toBe('unsubscribed');
    expect((await rows())[0]).toMatchObject({ status: 'unsubscribed', discountCode: ada!.discountCode });
  });
});
