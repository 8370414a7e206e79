import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { mailOutbox, subscribers } from '@/lib/db/schema';
import { createTestDatabase } from '@/tests/support/db';
import { startSmtp } from '@/tests/support/smtp';
import { createSmtpMailer } from './smtp-adapter';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
});
const { deliverOutbox, enqueueMail } = await import('./outbox');

describe('the outbox', () => {
  let db: Database;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let subscriberId: string;
  const settings = () => ({ mailer: createSmtpMailer(smtp.url), from: 'site@example.com', siteUrl: 'https://x.test' });

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    smtp = await startSmtp();
    const [row] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(subscribers)
        .values({ email: 'ada@example.com', name: 'Ada', consent: 'yes' })
        .returning({ id: subscribers.id }),
    );
    subscriberId = row!.id;
  });
  afterAll(async () => {
    await smtp.close();
    await db.close();
  });

  it('marks a row done without sending when its letter has nothing to send any more', async () => {
    await asSystem(db, 'test-setup', (sys) =>
      sys.transaction((tx) => enqueueMail(tx, ['newsletter-confirm'], subscriberId)),
    );
    const write = vi.fn(async () => null);
    const result = await deliverOutbox(
      db,
      { 'newsletter-confirm': { feature: 'newsletter', what: 'x', write } },
      {
        settings: settings(),
      },
    );
    expect(write).toHaveBeenCalledOnce();
    expect(result).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
    const rows = await asSystem(db, 'test-setup', (sys) =>
      sys
        .select({ sentAt: mailOutbox.sentAt })
        .from(mailOutbox)
        .where(sql`kind = 'newsletter-confirm'`),
    );
    expect(rows[0]!.sentAt).not.toBeNull();
  });

  it('sends a bulk email with the one-click unsubscribe headers of RFC 8058', async () => {
    await createSmtpMailer(smtp.url).send({
      from: 'site@example.com',
      to: ['ada@example.com'],
      subject: 'A letter',
      text: 'Hello',
      html: '<p>Hello</p>',
      listUnsubscribe: 'https://x.test/api/newsletter/unsubscribe?token=abc',
    });
    expect(smtp.received.at(-1)!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(smtp.received.at(-1)!.raw).toMatch(
      /^List-Unsubscribe: <https:\/\/x\.test\/api\/newsletter\/unsubscribe\?token=abc>\r?$/m,
    );
  });
});
