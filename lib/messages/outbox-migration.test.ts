import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyShimIfMissing, readMigrations } from '@/lib/db/migrate';
import { openPglite } from '@/lib/db/pglite-adapter';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { mailOutbox } from '@/lib/db/schema';
import { pgliteRunner } from '@/lib/db/sql-runner';
import { createSmtpMailer } from '@/lib/mail/smtp-adapter';
import { testAccount } from '@/tests/support/db';
import { startSmtp, type SmtpDouble } from '@/tests/support/smtp';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
});

const { deliverOutbox } = await import('@/lib/mail/outbox');
const { messageLetters } = await import('./mail');

// supabase/migrations/20261127090000_outbox_kinds.sql on a site that already has emails about
// visitors' messages queued: they become 'visitor-message' rows and are sent as before; deleting
// a message still takes its email with it.

const OUTBOX_KINDS = '20261127090000';

/** A database migrated up to just before the outbox kinds, with one message whose email is queued and one whose email was sent. */
async function databaseBeforeOutboxKinds(): Promise<{ tarball: Blob; queued: string; sent: string }> {
  const pg = await PGlite.create();
  try {
    const runner = pgliteRunner(pg);
    await applyShimIfMissing(runner);
    await runner.exec(
      'create schema if not exists supabase_migrations; create table if not exists supabase_migrations.schema_migrations (version text primary key, statements text[], name text);',
    );
    for (const migration of readMigrations().filter((m) => m.version < OUTBOX_KINDS)) {
      await runner.transaction(async (tx) => {
        await tx.exec(migration.sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [migration.version, migration.name, [migration.sql]],
        );
      });
    }
    const message = async (subject: string) =>
      (
        await runner.query<{ id: string }>(
          `insert into app_private.messages (form, name, email, subject, body, sender_key) values ('contact', 'Ada Lovelace', 'ada@example.com', $1, 'Is it framed?', 'k') returning id`,
          [subject],
        )
      )[0]!.id;
    const queued = await message('Still to send');
    const sent = await message('Already sent');
    await runner.query('insert into app_private.mail_outbox (message_id) values ($1)', [queued]);
    await runner.query('insert into app_private.mail_outbox (message_id, sent_at, attempts) values ($1, now(), 1)', [
      sent,
    ]);
    return { tarball: await pg.dumpDataDir('gzip'), queued, sent };
  } finally {
    await pg.close();
  }
}

describe('the outbox kinds migration', () => {
  let db: Database;
  let smtp: SmtpDouble;
  let before: Awaited<ReturnType<typeof databaseBeforeOutboxKinds>>;

  beforeAll(async () => {
    before = await databaseBeforeOutboxKinds();
    // Opening it applies the pending migration, as a server start does.
    db = await openPglite({ loadDataDir: before.tarball });
    smtp = await startSmtp();
    await testAccount(db, 'owner@elenamarsh.example', { admin: true });
  });
  afterAll(async () => {
    await smtp?.close();
    await db?.close();
  });

  it('keeps the queued emails as visitor-message rows, sends the one due, once', async () => {
    const rows = await asSystem(db, 'test-setup', (sys) =>
      sys
        .select({ kind: mailOutbox.kind, messageId: mailOutbox.messageId, sentAt: mailOutbox.sentAt })
        .from(mailOutbox)
        .orderBy(mailOutbox.createdAt),
    );
    expect(rows.map((row) => [row.kind, row.messageId, row.sentAt === null])).toEqual(
      expect.arrayContaining([
        ['visitor-message', before.queued, true],
        ['visitor-message', before.sent, false],
      ]),
    );
    const settings = {
      mailer: createSmtpMailer(smtp.url),
      from: 'site@elenamarsh.example',
      siteUrl: 'https://elenamarsh.example',
    };
    expect(await deliverOutbox(db, messageLetters, { settings })).toEqual({ sent: 1, failed: 0 });
    expect(await deliverOutbox(db, messageLetters, { settings })).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received.map((mail) => [mail.envelopeTo, mail.parsed.subject, mail.parsed.messageId])).toEqual([
      [['owner@elenamarsh.example'], 'New message: Still to send', `<${before.queued}@elenamarsh.example>`],
    ]);
  });

  it('a kind is required and checked; deleting a message still deletes its email', async () => {
    await expect(
      asSystem(db, 'test-setup', (sys) =>
        sys.execute(sql`insert into app_private.mail_outbox (message_id) values (${before.sent})`),
      ),
    ).rejects.toThrow();
    await expect(
      asSystem(db, 'test-setup', (sys) =>
        sys.execute(sql`insert into app_private.mail_outbox (kind, message_id) values ('newsletter', ${before.sent})`),
      ),
    ).rejects.toThrow();
    // An order email must be about an order that exists.
    await expect(
      asSystem(db, 'test-setup', (sys) =>
        sys.insert(mailOutbox).values({ kind: 'order-owner', messageId: before.sent }),
      ),
    ).rejects.toThrow();
    await asSystem(db, 'test-setup', (sys) =>
      sys.execute(sql`delete from app_private.messages where id = ${before.queued}`),
    );
    expect(
      await asSystem(db, 'test-setup', (sys) =>
        sys.select().from(mailOutbox).where(eq(mailOutbox.messageId, before.queued)),
      ),
    ).toEqual([]);
  });
});
