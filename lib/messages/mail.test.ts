import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { artworks, logsApp, mailOutbox } from '@/lib/db/schema';
import { createSmtpMailer } from '@/lib/mail/smtp-adapter';
import { createTestDatabase, drivers, testAccount } from '@/tests/support/db';
import { startSmtp } from '@/tests/support/smtp';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
});

const { deliverOutbox, retryDelayMs, MAX_ATTEMPTS } = await import('@/lib/mail/outbox');
const { messageLetters } = await import('./mail');
const { receiveMessage } = await import('./receive');
const { visitorMessageSchema } = await import('./rules');
const { writeReceiveMessages } = await import('./settings');
vi.mock('server-only', () => ({}));
const { handleSend } = await import('./send');
const { senderKey } = await import('./form-token');
const { subscriberMail } = await import('@/lib/newsletter');

const SITE = 'https://elenamarsh.example';

describe.each(drivers)('the owner’s email about each message (%s)', (driver) => {
  let db: Database;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let artworkId: string;
  const settings = () => ({
    mailer: createSmtpMailer(smtp.url),
    from: 'Elena Marsh site <site@elenamarsh.example>',
    siteUrl: SITE,
  });

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    smtp = await startSmtp();
    await testAccount(db, 'owner@elenamarsh.example', { admin: true });
    await testAccount(db, 'viewer@elenamarsh.example');
    const [row] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(artworks)
        .values({ title: 'Herne Hill Rooftops', slug: 'herne-hill-rooftops', category: 'Buildings' })
        .returning({ id: artworks.id }),
    );
    artworkId = row!.id;
  });
  afterAll(async () => {
    await smtp.close();
    await db.close();
  });
  beforeEach(async () => {
    smtp.received.length = 0;
    smtp.state.refuse = false;
    await asSystem(db, 'test-setup', (sys) =>
      sys.execute(
        sql`truncate app_private.messages, app_private.subscribers, app_private.newsletter_confirm_sends cascade`,
      ),
    );
  });

  const receive = (fields: Record<string, string>, notify = true) =>
    receiveMessage(
      db,
      visitorMessageSchema.parse({
        form: 'contact',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        subject: 'Hello',
        message: 'Is it framed?',
        ...fields,
      }),
      { senderKey: crypto.randomUUID(), shownAt: undefined, notify },
    );

  it('reaches the admins with Reply-To the visitor, the painting’s link and the words as text; once', async () => {
    await receive({
      artwork: artworkId,
      subject: 'Enquiry: Herne Hill Rooftops',
      message: 'Is it framed? <b>bold</b>',
    });
    expect(await deliverOutbox(db, messageLetters, { settings: settings() })).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const [{ parsed, envelopeTo }] = smtp.received as [(typeof smtp.received)[number]];
    expect(envelopeTo).toEqual(['owner@elenamarsh.example']);
    expect(parsed.subject).toBe('New message: Enquiry: Herne Hill Rooftops');
    expect(parsed.replyTo?.value).toEqual([{ name: 'Ada Lovelace', address: 'ada@example.com' }]);
    expect(parsed.text).toContain(`${SITE}/gallery/buildings/herne-hill-rooftops`);
    expect(parsed.text).toContain('Is it framed? <b>bold</b>');
    expect(parsed.html).toContain('Is it framed? &#60;b&#62;bold&#60;/b&#62;');
    expect(parsed.html).toContain(`href="${SITE}/gallery/buildings/herne-hill-rooftops"`);
    // Exactly once: nothing is due any more.
    expect(await deliverOutbox(db, messageLetters, { settings: settings() })).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('CR/LF in what the visitor typed cannot add a header', async () => {
    await receive({ name: 'Ada\r\nBcc: victim@example.com', subject: 'Hi' });
    // The subject is one line by the rules already; force one with line breaks through the table to be sure.
    await asSystem(db, 'test-setup', (sys) =>
      sys.execute(sql`update app_private.messages set subject = ${'Hi\r\nBcc: victim@example.com\r\nX-Evil: 1'}`),
    );
    await deliverOutbox(db, messageLetters, { settings: settings() });
    const [{ raw, parsed, envelopeTo }] = smtp.received as [(typeof smtp.received)[number]];
    expect(envelopeTo).toEqual(['owner@elenamarsh.example']);
    expect(parsed.headers.has('bcc')).toBe(false);
    expect(parsed.headers.has('x-evil')).toBe(false);
    const headers = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(headers).not.toMatch(/^(Bcc|X-Evil):/im);
    expect(parsed.subject).toBe('New message: Hi Bcc: victim@example.com X-Evil: 1');
  });

  it('with the server down the message is kept and retried with backoff, logged; back up, it arrives exactly once', async () => {
    await receive({});
    smtp.state.refuse = true;
    const start = Date.now();
    expect(await deliverOutbox(db, messageLetters, { settings: settings(), now: () => new Date(start) })).toEqual({
      sent: 0,
      failed: 1,
    });
    const [row] = await asSystem(db, 'test-setup', (sys) => sys.select().from(mailOutbox));
    expect(row).toMatchObject({ attempts: 1, sentAt: null });
    expect(row!.nextAttemptAt.getTime()).toBe(start + retryDelayMs(1));
    const logged = await asSystem(db, 'test-setup', (sys) =>
      sys.select({ message: logsApp.message }).from(logsApp).where(eq(logsApp.feature, 'messages')),
    );
    expect(logged.map((l) => l.message)).toContain(
      "Email about a visitor's message failed (attempt 1); it will be tried again",
    );
    // Not due yet: nothing is tried.
    smtp.state.refuse = false;
    expect(
      await deliverOutbox(db, messageLetters, { settings: settings(), now: () => new Date(start + 1000) }),
    ).toEqual({
      sent: 0,
      failed: 0,
    });
    const later = () => new Date(start + retryDelayMs(1) + 1000);
    const runs = await Promise.all(
      [1, 2, 3].map(() => deliverOutbox(db, messageLetters, { settings: settings(), now: later })),
    );
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(1);
    expect(smtp.received).toHaveLength(1);
  });

  it('gives up after the last attempt; spam and messages received without email configured are never emailed', async () => {
    await receive({});
    await asSystem(db, 'test-setup', (sys) => sys.update(mailOutbox).set({ attempts: MAX_ATTEMPTS }));
    await receive({ website: 'spam' });
    await receive({}, false);
    expect(await deliverOutbox(db, messageLetters, { settings: settings() })).toEqual({ sent: 0, failed: 0 });
    expect(await deliverOutbox(db, messageLetters, { settings: null })).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it('NOTIFY_EMAIL replaces the admins as the recipient', async () => {
    await receive({});
    await deliverOutbox(db, messageLetters, { settings: { ...settings(), notifyEmail: 'studio@elenamarsh.example' } });
    expect(smtp.received[0]!.envelopeTo).toEqual(['studio@elenamarsh.example']);
  });

  it('through the send route: with the mail server down the visitor is still told "Message Sent"; once it is back the email arrives exactly once', async () => {
    await writeReceiveMessages(db, true);
    smtp.state.refuse = true;
    const later: (() => Promise<unknown>)[] = [];
    const request = new Request('http://127.0.0.1/api/messages', {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        form: 'contact',
        name: 'Vera',
        email: 'vera@example.com',
        message: 'Do you take commissions?',
        artwork: artworkId,
      }),
    });
    const response = await handleSend(request, {
      database: async () => db,
      address: async () => '203.0.113.50',
      mail: settings(),
      afterResponse: (work) => later.push(work),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, notice: { title: 'Message Sent' } });
    // After the answer: the email fails, and is kept for a retry.
    expect(later).toHaveLength(1);
    await later[0]!();
    expect(smtp.received).toHaveLength(0);
    const [queued] = await asSystem(db, 'test-setup', (sys) => sys.select().from(mailOutbox));
    expect(queued).toMatchObject({ attempts: 1, sentAt: null });
    smtp.state.refuse = false;
    const due = () => new Date(queued!.nextAttemptAt.getTime() + 1000);
    expect(await deliverOutbox(db, messageLetters, { settings: settings(), now: due })).toEqual({ sent: 1, failed: 0 });
    expect(await deliverOutbox(db, messageLetters, { settings: settings(), now: due })).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.parsed.replyTo?.value[0]?.address).toBe('vera@example.com');
    expect(smtp.received[0]!.parsed.text).toContain(`${SITE}/gallery/buildings/herne-hill-rooftops`);
  });

  it('a ticked box with email set up: the visitor is told "Message Sent" as anyone is; the confirmation goes after the answer', async () => {
    await writeReceiveMessages(db, true);
    const send = async (email: string) => {
      const later: (() => Promise<unknown>)[] = [];
      const response = await handleSend(
        new Request('http://127.0.0.1/api/messages', {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ form: 'footer', name: 'Ada', email, message: 'Hello', subscribe: 'on' }),
        }),
        {
          database: async () => db,
          address: async () => '203.0.113.60',
          mail: settings(),
          afterResponse: (work) => later.push(work),
        },
      );
      for (const work of later) await work();
      return { status: response.status, answer: await response.json() };
    };
    const first = await send('ada@example.com');
    expect(first).toMatchObject({ status: 200, answer: { ok: true, notice: { title: 'Message Sent' } } });
    expect(smtp.received.map((mail) => [mail.envelopeTo, mail.parsed.subject])).toEqual([
      [['owner@elenamarsh.example'], 'New message: Hello'],
      [['ada@example.com'], 'Please confirm your subscription to Elena Marsh’s newsletter'],
    ]);
    // Again the same day: the same answer, and no second confirmation (nothing to learn, nothing to flood).
    expect((await send('ADA@example.com')).answer).toEqual(first.answer);
    expect(smtp.received.filter((mail) => mail.envelopeTo.includes('ada@example.com'))).toHaveLength(1);
    expect(await deliverOutbox(db, subscriberMail, { settings: settings() })).toEqual({ sent: 0, failed: 0 });
  });

  it('one IPv6 /64 asks for at most 10 confirmations a day, whichever of its addresses it sends from', async () => {
    const start = Date.now();
    const kinds: (string | null)[] = [];
    for (let i = 0; i < 11; i++) {
      // Three minutes apart: within the message limit of 5 in 10 minutes per block.
      const received = await receiveMessage(
        db,
        visitorMessageSchema.parse({
          form: 'footer',
          name: 'Ada',
          email: `reader${i}@example.com`,
          message: 'Hello',
          subscribe: 'on',
        }),
        {
          senderKey: senderKey(`2001:db8:1:2::${(i + 1).toString(16)}`),
          shownAt: undefined,
          now: new Date(start + i * 3 * 60_000),
          notify: true,
        },
      );
      kinds.push(received.ok ? received.subscription : null);
    }
    expect(kinds).toEqual([...Array(10).fill('confirmation-queued'), 'limited']);
    // Another block is not held back.
    const other = await receiveMessage(
      db,
      visitorMessageSchema.parse({
        form: 'footer',
        name: 'Bo',
        email: 'bo@example.com',
        message: 'Hi',
        subscribe: 'on',
      }),
      { senderKey: senderKey('2001:db8:1:3::1'), shownAt: undefined, now: new Date(start + 40 * 60_000), notify: true },
    );
    expect(other).toMatchObject({ ok: true, subscription: 'confirmation-queued' });
  });
});
