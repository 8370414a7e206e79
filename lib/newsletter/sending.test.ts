import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { mailOutbox, newsletterDeliveries, newsletterLetters, subscribers } from '@/lib/db/schema';
import type { MailSettings } from '@/lib/mail';
import { createSmtpMailer } from '@/lib/mail/smtp-adapter';
import { createTestDatabase, testAccount } from '@/tests/support/db';
import { startSmtp, type SmtpDouble } from '@/tests/support/smtp';

vi.mock('server-only', () => ({}));
vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
});

const { deliverOutboxBatch, MAX_ATTEMPTS } = await import('@/lib/mail/outbox');
const {
  deliverLetters,
  letterProgress,
  LETTER_CLAIM_MS,
  newsletterMail,
  runNewsletterJob,
  sendTestLetter,
  startDueLetters,
  startSending,
} = await import('./sending');

const SITE = 'https://elenamarsh.example';

describe('sending a letter to the subscribers', () => {
  let db: Database;
  let smtp: SmtpDouble;
  const settings = (): MailSettings => ({
    mailer: createSmtpMailer(smtp.url),
    from: 'Elena Marsh <news@elenamarsh.example>',
    siteUrl: SITE,
  });
  const sys = <T>(fn: Parameters<typeof asSystem<T>>[2]) => asSystem(db, 'test-setup', fn);

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    smtp = await startSmtp();
    await testAccount(db, 'owner@elenamarsh.example', { admin: true });
  });
  afterAll(async () => {
    await smtp.close();
    await db.close();
  });
  beforeEach(async () => {
    smtp.received.length = 0;
    smtp.state.refuse = false;
    await sys((tx) => tx.execute(sql`truncate app_private.newsletter_letters, app_private.subscribers cascade`));
  });

  /** `confirmed` confirmed subscribers (confirmed-1@…), and some pending and unsubscribed ones. */
  async function seedSubscribers(confirmed: number, { pending = 0, unsubscribed = 0 } = {}) {
    const row = (status: 'confirmed' | 'pending' | 'unsubscribed', i: number) => ({
      email: `${status}-${i}@example.com`,
      name: `${status} ${i}`,
      consent: 'yes',
      status,
      discountCode: status === 'confirmed' ? `PRINTS-${String(i).padStart(6, '0')}` : null,
    });
    const rows = [
      ...Array.from({ length: confirmed }, (_, i) => row('confirmed', i + 1)),
      ...Array.from({ length: pending }, (_, i) => row('pending', i + 1)),
      ...Array.from({ length: unsubscribed }, (_, i) => row('unsubscribed', i + 1)),
    ];
    if (rows.length > 0) await sys((tx) => tx.insert(subscribers).values(rows));
  }

  async function newLetter(fields: Partial<typeof newsletterLetters.$inferInsert> = {}) {
    const [row] = await sys((tx) =>
      tx
        .insert(newsletterLetters)
        .values({
          slug: `letter-${crypto.randomUUID().slice(0, 8)}`,
          title: 'Autumn on the river',
          summary: 'New paintings from the Thames.',
          content: '<p>Hello from the studio. <a href="/gallery">See the gallery</a>.</p>',
          ...fields,
        })
        .returning(),
    );
    return row!;
  }

  const letterRow = async (id: string) =>
    (await sys((tx) => tx.select().from(newsletterLetters).where(eq(newsletterLetters.id, id))))[0]!;
  const deliveries = async () => (await sys((tx) => tx.select().from(newsletterDeliveries))).length;
  const recipients = () => smtp.received.flatMap((mail) => mail.envelopeTo).sort();
  const fast = { rate: 1000, budgetMs: 60_000 };

  it('reaches each confirmed subscriber once, and no one pending or unsubscribed; the letter becomes sent', async () => {
    await seedSubscribers(40, { pending: 5, unsubscribed: 5 });
    const letter = await newLetter();
    expect(await startSending(db, letter.id)).toEqual({ ok: true, recipients: 40 });
    const started = await letterRow(letter.id);
    expect(started).toMatchObject({ status: 'sending', recipients: 40 });
    expect(started.startedAt).not.toBeNull();
    expect(await letterProgress(db, letter.id)).toEqual({ total: 40, sent: 0, waiting: 40, failed: 0 });

    const expire = vi.fn();
    const run = await deliverLetters(db, { settings: settings(), ...fast, expire });
    expect(run).toMatchObject({ sent: 40, failed: 0, finished: [letter.slug], more: false });
    expect(recipients()).toEqual(Array.from({ length: 40 }, (_, i) => `confirmed-${i + 1}@example.com`).sort());
    expect(new Set(smtp.received.map((mail) => mail.parsed.messageId)).size).toBe(40);
    const mail = smtp.received.find((m) => m.envelopeTo[0] === 'confirmed-7@example.com')!;
    expect(mail.parsed.text).toContain('PRINTS-000007');
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);

    const sent = await letterRow(letter.id);
    expect(sent.status).toBe('sent');
    expect(sent.sentAt).not.toBeNull();
    expect(expire).toHaveBeenCalledWith(['newsletter']);
    expect(await letterProgress(db, letter.id)).toEqual({ total: 40, sent: 40, waiting: 0, failed: 0 });
    // Nothing more is due: another run sends nothing.
    expect(await deliverLetters(db, { settings: settings(), ...fast })).toMatchObject({ sent: 0, finished: [] });
  });

  it('refuses a second start, queuing no one twice, and a letter with no one to send to', async () => {
    const lonely = await newLetter();
    expect(await startSending(db, lonely.id)).toEqual({
      ok: false,
      message: 'There is no one to send it to yet: no subscriber has confirmed.',
    });
    expect((await letterRow(lonely.id)).status).toBe('draft');

    await seedSubscribers(10, { pending: 2 });
    const letter = await newLetter({ status: 'scheduled', sendAt: new Date(Date.now() + 3_600_000) });
    expect(await startSending(db, letter.id)).toEqual({ ok: true, recipients: 10 });
    expect(await startSending(db, letter.id)).toEqual({ ok: false, message: 'This letter is already being sent.' });
    expect(await deliveries()).toBe(10);
    await deliverLetters(db, { settings: settings(), ...fast });
    expect(await startSending(db, letter.id)).toEqual({ ok: false, message: 'This letter has already been sent.' });
    expect(recipients()).toHaveLength(10);
    expect(await startSending(db, crypto.randomUUID())).toEqual({
      ok: false,
      message: 'That letter no longer exists.',
    });
  });

  it('refuses a letter whose email Gmail would clip, changing nothing', async () => {
    await seedSubscribers(3);
    const words = Array.from({ length: 24_000 }, (_, i) => ['light', 'river', 'wash'][i % 3]).join(' ');
    const letter = await newLetter({ content: `<p>${words}</p>` });
    const result = await startSending(db, letter.id);
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/too long to send.*102 KB/) });
    expect((await letterRow(letter.id)).status).toBe('draft');
    expect(await deliveries()).toBe(0);
  });

  it('skips a subscriber who unsubscribed between the queuing and their email', async () => {
    await seedSubscribers(12);
    const letter = await newLetter();
    await startSending(db, letter.id);
    await sys((tx) =>
      tx
        .update(subscribers)
        .set({ status: 'unsubscribed', unsubscribedAt: new Date() })
        .where(sql`${subscribers.email} in ('confirmed-3@example.com', 'confirmed-9@example.com')`),
    );
    const run = await deliverLetters(db, { settings: settings(), ...fast });
    expect(run.sent).toBe(10);
    expect(recipients()).not.toContain('confirmed-3@example.com');
    expect(recipients()).not.toContain('confirmed-9@example.com');
    expect((await letterRow(letter.id)).status).toBe('sent');
  });

  it('resumes after a sender dies mid-batch: the rest go once the claim runs out, none twice', async () => {
    await seedSubscribers(25);
    const letter = await newLetter();
    await startSending(db, letter.id);
    // A sender that hands over three emails, then dies while handing over the fourth.
    const real = settings().mailer;
    let handed = 0;
    const dying: MailSettings = {
      ...settings(),
      mailer: { send: (mail) => (++handed <= 3 ? real.send(mail) : new Promise<void>(() => {})) },
    };
    void deliverOutboxBatch(db, newsletterMail, {
      settings: dying,
      limit: 10,
      claimMs: LETTER_CLAIM_MS,
      pace: async () => {},
    });
    await vi.waitFor(() => expect(handed).toBe(4));
    expect(recipients()).toHaveLength(3);

    // Another sender at once: the dead one's rows are still claimed, only the other 15 go.
    await deliverLetters(db, { settings: settings(), ...fast });
    expect(recipients()).toHaveLength(18);
    expect((await letterRow(letter.id)).status).toBe('sending');
    expect(await letterProgress(db, letter.id)).toMatchObject({ sent: 18, waiting: 7 });

    // After the claim time, the 7 it held (the one it was handing over among them) go too.
    const later = () => new Date(Date.now() + LETTER_CLAIM_MS + 1_000);
    const run = await deliverLetters(db, { settings: settings(), ...fast, now: later });
    expect(run.sent).toBe(7);
    expect(recipients()).toHaveLength(25);
    expect(new Set(recipients()).size).toBe(25);
    expect((await letterRow(letter.id)).status).toBe('sent');
  });

  it('paces the emails: N at r a second take about N/r seconds', async () => {
    await seedSubscribers(12);
    const letter = await newLetter();
    await startSending(db, letter.id);
    const started = performance.now();
    const run = await deliverLetters(db, { settings: settings(), rate: 10, budgetMs: 60_000 });
    const seconds = (performance.now() - started) / 1000;
    expect(run.sent).toBe(12);
    // 11 gaps of 100 ms, and some time for the database and the SMTP server.
    expect(seconds).toBeGreaterThanOrEqual(1.05);
    expect(seconds).toBeLessThan(4);
  });

  it('stops when its time is up, saying more is due; the next run carries on', async () => {
    await seedSubscribers(20);
    const letter = await newLetter();
    await startSending(db, letter.id);
    // At 10 a second, 20 emails take 2 s at least: half a second sends a few.
    const first = await deliverLetters(db, { settings: settings(), rate: 10, budgetMs: 500 });
    expect(first.more).toBe(true);
    expect(first.sent).toBeGreaterThan(0);
    expect(first.sent).toBeLessThan(10);
    expect((await letterRow(letter.id)).status).toBe('sending');
    const rest = await deliverLetters(db, { settings: settings(), ...fast });
    expect(first.sent + rest.sent).toBe(20);
    expect(new Set(recipients()).size).toBe(20);
    expect(rest.more).toBe(false);
  });

  it('when the SMTP server refuses: retried with backoff, waiting meanwhile, then failed after MAX_ATTEMPTS', async () => {
    await seedSubscribers(2);
    const letter = await newLetter();
    await startSending(db, letter.id);
    smtp.state.refuse = true;
    let clock = Date.now();
    const now = () => new Date(clock);
    const first = await deliverLetters(db, { settings: settings(), ...fast, now });
    // One refusal stops the run: the other email is not tried against a server that refuses.
    expect(first).toMatchObject({ sent: 0, failed: 1, finished: [] });
    expect(await letterProgress(db, letter.id, now())).toEqual({ total: 2, sent: 0, waiting: 2, failed: 0 });
    const [retrying] = await sys((tx) =>
      tx
        .select({ attempts: mailOutbox.attempts, next: mailOutbox.nextAttemptAt, error: mailOutbox.lastError })
        .from(mailOutbox)
        .where(sql`${mailOutbox.lastError} is not null`),
    );
    expect(retrying).toMatchObject({ attempts: 1, error: expect.stringMatching(/Try again later/) });
    expect(retrying!.next.getTime()).toBe(clock + 60_000);

    let runs = 1;
    while (runs < 4 * MAX_ATTEMPTS) {
      clock += 7 * 3_600_000;
      const run = await deliverLetters(db, { settings: settings(), ...fast, now });
      runs++;
      if (run.finished.length > 0) break;
    }
    expect(runs).toBe(2 * MAX_ATTEMPTS);
    expect(await letterProgress(db, letter.id, now())).toEqual({ total: 2, sent: 0, waiting: 0, failed: 2 });
    expect((await letterRow(letter.id)).status).toBe('sent');
    smtp.state.refuse = false;
    clock += 7 * 3_600_000;
    expect((await deliverLetters(db, { settings: settings(), ...fast, now })).sent).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it('starts scheduled letters whose time has come, and only those', async () => {
    await seedSubscribers(3);
    const due = await newLetter({ status: 'scheduled', sendAt: new Date(Date.now() - 1_000) });
    const later = await newLetter({ status: 'scheduled', sendAt: new Date(Date.now() + 3_600_000) });
    expect(await startDueLetters(db)).toEqual({ started: [due.slug] });
    expect((await letterRow(due.id)).status).toBe('sending');
    expect((await letterRow(later.id)).status).toBe('scheduled');
    expect(await startDueLetters(db)).toEqual({ started: [] });
  });

  it('as the job on Vercel: starts what is due, sends for its budget, and asks to run again while emails are due', async () => {
    await seedSubscribers(20);
    const letter = await newLetter({ status: 'scheduled', sendAt: new Date(Date.now() - 1_000) });
    const runAgain = vi.fn();
    const expire = vi.fn();
    const sender = { settings: settings(), rate: 10, budgetMs: 500 };
    const first = await runNewsletterJob(db, { expire, runAgain, vercel: true, sender });
    expect(first).toMatchObject({ started: [letter.slug], more: true });
    expect(runAgain).toHaveBeenCalledOnce();
    let again = first;
    for (let call = 0; again.more && call < 30; call++) {
      again = await runNewsletterJob(db, { expire, runAgain, vercel: true, sender: { ...sender, budgetMs: 2_000 } });
    }
    expect(again).toMatchObject({ started: [], more: false, finished: [letter.slug] });
    expect(expire).toHaveBeenCalledWith(['newsletter']);
    expect(new Set(recipients()).size).toBe(20);
    expect(recipients()).toHaveLength(20);
  });

  it('sends a test to the owner at once: [Test] subject, sample code, no working unsubscribe', async () => {
    await seedSubscribers(3);
    const letter = await newLetter();
    expect(await sendTestLetter(db, letter.id, settings())).toEqual({ ok: true, to: ['owner@elenamarsh.example'] });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.envelopeTo).toEqual(['owner@elenamarsh.example']);
    expect(mail!.parsed.subject).toBe('[Test] Autumn on the river');
    expect(mail!.parsed.text).toContain('PRINTS-XXXXXXXX');
    expect(mail!.parsed.html).toMatch(/<a href="#"[^>]*>Unsubscribe<\/a>/);
    expect(mail!.raw).not.toMatch(/^List-Unsubscribe/m);
    // Not through the outbox: nothing queued, the letter still a draft.
    expect(await deliveries()).toBe(0);
    expect((await letterRow(letter.id)).status).toBe('draft');
    expect(await sendTestLetter(db, letter.id, null)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/SMTP_URL/),
    });
  });
});
