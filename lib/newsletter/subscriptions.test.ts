import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { mailOutbox, siteSettings, subscribers } from '@/lib/db/schema';
import { createSmtpMailer } from '@/lib/mail/smtp-adapter';
import { createTestDatabase, drivers, testAccount } from '@/tests/support/db';
import { startSmtp, type SmtpDouble } from '@/tests/support/smtp';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
});

const { deliverOutbox } = await import('@/lib/mail/outbox');
const subscriptions = await import('./subscriptions');
const { subscriberMail } = await import('./subscriber-mail');
const subscriberList = await import('./subscriber-list');
const { handleConfirm, handleUnsubscribe, unsubscribeGet } = await import('./routes');
const {
  requestSubscription,
  confirmSubscription,
  unsubscribe,
  readConfirmation,
  readUnsubscription,
  NEWSLETTER_CONSENT,
  SENDER_CONFIRMATIONS,
} = subscriptions;

const SITE = 'https://elenamarsh.example';
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const CODE = /^PRINTS-[0-9A-HJKMNP-TV-Z]{8}$/;

describe.each(drivers)('subscribing, confirming and unsubscribing (%s)', (driver) => {
  let db: Database;
  let smtp: SmtpDouble;
  const settings = () => ({
    mailer: createSmtpMailer(smtp.url),
    from: 'Elena Marsh <site@elenamarsh.example>',
    siteUrl: SITE,
  });
  /** Sends what is due at `at` (the outbox's clock), as the job or the route would. */
  const deliver = (at = new Date()) => deliverOutbox(db, subscriberMail, { settings: settings(), now: () => at });

  const request = (
    email: string,
    { senderKey = 'block-a', now = new Date(), send = true, name = 'Ada Lovelace' } = {},
  ) =>
    asSystem(db, 'test-setup', (sys) =>
      sys.transaction((tx) =>
        requestSubscription(tx, {
          email,
          name,
          consent: NEWSLETTER_CONSENT,
          senderKey,
          now,
          sendConfirmation: send,
        }),
      ),
    );
  const row = async (email: string) =>
    (await asSystem(db, 'test-setup', (sys) => sys.select().from(subscribers).where(eq(subscribers.email, email))))[0]!;
  const tokenIn = (text: string) => /\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    smtp = await startSmtp();
    await testAccount(db, 'owner@elenamarsh.example', { admin: true });
  });
  afterAll(async () => {
    await smtp.close();
    await db.close();
  });
  beforeEach(async () => {
    smtp.received.length = 0;
    await asSystem(db, 'test-setup', (sys) =>
      sys.execute(sql`truncate app_private.subscribers, app_private.newsletter_confirm_sends cascade`),
    );
  });

  it('a confirmation email with one link; the page’s button confirms; a welcome with the code and one-click headers', async () => {
    expect(await request('Ada@Example.com')).toBe('confirmation-queued');
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    const [confirmation] = smtp.received;
    const subscriber = await row('ada@example.com');
    expect(confirmation!.envelopeTo).toEqual(['ada@example.com']);
    expect(confirmation!.parsed.subject).toBe('Please confirm your subscription to Elena Marsh’s newsletter');
    expect(confirmation!.parsed.messageId).toBe(
      `<newsletter-confirm-${subscriber.id}-${subscriber.confirmSentAt!.getTime()}@elenamarsh.example>`,
    );
    const text = confirmation!.parsed.text!;
    expect(text).toContain('new paintings, exhibitions and 20% off prints, cards and coasters');
    expect(text).toContain('The link works once, within 7 days.');
    expect(text).toContain('If this wasn’t you, ignore this email');
    expect(confirmation!.parsed.html).toContain(`href="${SITE}/newsletter/confirm?token=`);
    // A confirmation is not a bulk letter: no unsubscribe header.
    expect(confirmation!.parsed.headers.has('list-unsubscribe')).toBe(false);
    const token = tokenIn(text)!;
    expect(token).toBe(subscriber.confirmToken);
    expect(await readConfirmation(db, token)).toEqual({ state: 'pending' });

    const later: (() => Promise<unknown>)[] = [];
    const response = await handleConfirm(
      new Request(`${SITE}/api/newsletter/confirm`, {
        method: 'POST',
        headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }),
      }),
      { database: async () => db, mail: settings(), afterResponse: (work) => later.push(work) },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/newsletter/confirm?token=${token}`);
    expect(later).toHaveLength(1);
    await later[0]!();

    const confirmed = await row('ada@example.com');
    expect(confirmed).toMatchObject({ status: 'confirmed', confirmToken: token });
    expect(confirmed.discountCode).toMatch(CODE);
    expect(await readConfirmation(db, token)).toEqual({ state: 'confirmed', discountCode: confirmed.discountCode });
    const welcome = smtp.received[1]!;
    expect(welcome.parsed.subject).toBe('Welcome to Elena Marsh’s newsletter');
    expect(welcome.parsed.text).toContain(`Your code: ${confirmed.discountCode}`);
    expect(welcome.parsed.text).toContain('It gives you 20% off prints, cards and coasters in the shop');
    expect(welcome.parsed.text).toContain(`${SITE}/shop`);
    expect(welcome.parsed.text).toContain(`${SITE}/newsletter/unsubscribe?token=${confirmed.unsubscribeToken}`);
    expect(welcome.parsed.html).toContain(confirmed.discountCode!);
    // Header lines as sent, unfolded (a long one is folded onto the next line).
    const headers = welcome.raw.slice(0, welcome.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
    expect(headers).toMatch(
      new RegExp(
        `^List-Unsubscribe: <${SITE.replaceAll('.', '\\.')}/api/newsletter/unsubscribe\\?token=${confirmed.unsubscribeToken}>\\r?$`,
        'm',
      ),
    );
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(welcome.parsed.replyTo?.value[0]?.address).toBe('owner@elenamarsh.example');
  });

  it('the link works once: again changes nothing and says already confirmed; no second welcome', async () => {
    await request('ada@example.com');
    const { confirmToken: token } = await row('ada@example.com');
    expect(await confirmSubscription(db, token!)).toBe('confirmed');
    const { discountCode, confirmedAt } = await row('ada@example.com');
    expect(await confirmSubscription(db, token!)).toBe('already-confirmed');
    expect(await row('ada@example.com')).toMatchObject({ discountCode, confirmedAt });
    await deliver();
    expect(smtp.received.map((mail) => mail.parsed.subject)).toEqual(['Welcome to Elena Marsh’s newsletter']);
    expect(await confirmSubscription(db, 'not-a-token')).toBe('unknown');
    expect(await confirmSubscription(db, 'x'.repeat(43))).toBe('unknown');
  });

  it('expires after 7 days: nothing is confirmed, and the page says so', async () => {
    const now = new Date();
    await request('ada@example.com', { now });
    const { confirmToken: token } = await row('ada@example.com');
    const lapsed = new Date(now.getTime() + 7 * DAY + 1000);
    expect(await confirmSubscription(db, token!, lapsed)).toBe('expired');
    expect(await readConfirmation(db, token!, lapsed)).toEqual({ state: 'expired', confirmed: false });
    expect((await row('ada@example.com')).status).toBe('pending');
    expect(await confirmSubscription(db, token!, new Date(now.getTime() + 7 * DAY - 1000))).toBe('confirmed');
  });

  it('one confirmation per address a day: again within the day sends nothing and keeps the first link', async () => {
    const now = new Date();
    expect(await request('ada@example.com', { now })).toBe('confirmation-queued');
    const first = await row('ada@example.com');
    expect(await request('ADA@example.com', { now: new Date(now.getTime() + 23 * HOUR), senderKey: 'b' })).toBe(
      'limited',
    );
    expect((await row('ada@example.com')).confirmToken).toBe(first.confirmToken);
    const nextDay = new Date(now.getTime() + DAY + 1000);
    expect(await request('ada@example.com', { now: nextDay })).toBe('confirmation-queued');
    const second = await row('ada@example.com');
    expect(second.confirmToken).not.toBe(first.confirmToken);
    // The first link has made way for the second.
    expect(await confirmSubscription(db, first.confirmToken!, nextDay)).toBe('unknown');
    // Only the latest is sent: the outbox holds one confirmation for the address.
    expect(await deliver(nextDay)).toEqual({ sent: 1, failed: 0 });
    expect(tokenIn(smtp.received[0]!.parsed.text!)).toBe(second.confirmToken);
  });

  it(`at most ${SENDER_CONFIRMATIONS.emails} confirmations a day from one address block; others are not held back`, async () => {
    const now = new Date();
    for (let i = 0; i < SENDER_CONFIRMATIONS.emails; i++)
      expect(await request(`reader${i}@example.com`, { senderKey: 'busy', now })).toBe('confirmation-queued');
    expect(await request('one-more@example.com', { senderKey: 'busy', now })).toBe('limited');
    // Recorded all the same, pending, without a link.
    expect(await row('one-more@example.com')).toMatchObject({ status: 'pending', confirmToken: null });
    expect(await request('someone@example.com', { senderKey: 'quiet', now })).toBe('confirmation-queued');
    const tomorrow = new Date(now.getTime() + DAY + 1000);
    expect(await request('one-more@example.com', { senderKey: 'busy', now: tomorrow })).toBe('confirmation-queued');
  });

  it('many requests from one block at once still queue no more than the limit', async () => {
    const now = new Date();
    const results = await Promise.all(
      Array.from({ length: SENDER_CONFIRMATIONS.emails + 5 }, (_, i) =>
        request(`crowd${i}@example.com`, { senderKey: 'crowd', now }),
      ),
    );
    expect(results.filter((result) => result === 'confirmation-queued')).toHaveLength(SENDER_CONFIRMATIONS.emails);
  });

  it('without email set up the address is recorded pending, and nothing is queued', async () => {
    expect(await request('ada@example.com', { send: false })).toBe('recorded');
    expect(await row('ada@example.com')).toMatchObject({
      status: 'pending',
      consent: NEWSLETTER_CONSENT,
      confirmToken: null,
      confirmSentAt: null,
    });
    expect(await asSystem(db, 'test-setup', (sys) => sys.select().from(mailOutbox))).toEqual([]);
  });

  it('a confirmed subscriber who ticks the box again stays confirmed, is sent nothing, and their name is updated', async () => {
    await request('ada@example.com');
    await confirmSubscription(db, (await row('ada@example.com')).confirmToken!);
    const before = await row('ada@example.com');
    expect(await request('ada@example.com', { name: 'Ada King' })).toBe('already-confirmed');
    expect(await row('ada@example.com')).toMatchObject({
      status: 'confirmed',
      name: 'Ada King',
      confirmToken: before.confirmToken,
      discountCode: before.discountCode,
    });
  });

  it('unsubscribing stops queued mail; subscribing again gets a new confirmation and the same code', async () => {
    const now = new Date();
    await request('ada@example.com', { now });
    const first = await row('ada@example.com');
    await confirmSubscription(db, first.confirmToken!, now);
    const { discountCode } = await row('ada@example.com');
    expect(await unsubscribe(db, first.unsubscribeToken, now)).toBe('unsubscribed');
    expect(await unsubscribe(db, first.unsubscribeToken, now)).toBe('already-unsubscribed');
    expect(await row('ada@example.com')).toMatchObject({ status: 'unsubscribed', confirmToken: null });
    // The queued confirmation and welcome are not sent to someone who has left.
    expect(await deliver(now)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toEqual([]);
    // The old confirmation link cannot bring them back.
    expect(await confirmSubscription(db, first.confirmToken!, now)).toBe('unknown');

    // Coming back the same day is not held to the one-a-day limit; asking twice while pending is.
    const nextDay = new Date(now.getTime() + 60_000);
    expect(await request('ada@example.com', { now: nextDay })).toBe('confirmation-queued');
    expect(await request('ada@example.com', { now: nextDay })).toBe('limited');
    const again = await row('ada@example.com');
    expect(again).toMatchObject({ status: 'pending', unsubscribedAt: null, confirmedAt: null });
    expect(again.confirmToken).not.toBe(first.confirmToken);
    await deliver(nextDay);
    expect(tokenIn(smtp.received[0]!.parsed.text!)).toBe(again.confirmToken);
    expect(await confirmSubscription(db, again.confirmToken!, nextDay)).toBe('confirmed');
    expect((await row('ada@example.com')).discountCode).toBe(discountCode);
    await deliver(nextDay);
    expect(smtp.received.map((mail) => mail.parsed.subject)).toEqual([
      'Please confirm your subscription to Elena Marsh’s newsletter',
      'Welcome to Elena Marsh’s newsletter',
    ]);
  });

  it('the Subscribers folder counts each status from its one read of the list, as the counting query does', async () => {
    const now = new Date();
    for (const email of ['pending@example.com', 'confirmed@example.com', 'left@example.com', 'also@example.com']) {
      await request(email, { now, senderKey: email });
    }
    await confirmSubscription(db, (await row('confirmed@example.com')).confirmToken!, now);
    const leaving = await row('left@example.com');
    await confirmSubscription(db, leaving.confirmToken!, now);
    await unsubscribe(db, leaving.unsubscribeToken, now);
    const list = await subscriberList.listSubscribers(db);
    expect(subscriberList.countByStatus(list)).toEqual({ pending: 2, confirmed: 1, unsubscribed: 1 });
    expect(await subscriberList.subscriberCounts(db)).toEqual(subscriberList.countByStatus(list));
    expect(await subscriberList.countSubscribers(db)).toBe(list.length);
  });

  it('with the discount off, the emails promise paintings and exhibitions and show no code', async () => {
    await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(siteSettings)
        .values({ discountOn: false })
        .onConflictDoUpdate({ target: siteSettings.id, set: { discountOn: false } }),
    );
    try {
      await request('ada@example.com');
      await deliver();
      expect(smtp.received[0]!.parsed.text).toContain('newsletter: new paintings and exhibitions.');
      await confirmSubscription(db, (await row('ada@example.com')).confirmToken!);
      await deliver();
      expect(smtp.received[1]!.parsed.text).not.toContain('Your code');
      expect(smtp.received[1]!.parsed.text).not.toContain('PRINTS-');
    } finally {
      await asSystem(db, 'test-setup', (sys) => sys.update(siteSettings).set({ discountOn: true }));
    }
  });

  describe('the unsubscribe address', () => {
    const post = (token: string, init: { headers?: Record<string, string>; body?: BodyInit } = {}) =>
      handleUnsubscribe(new Request(`${SITE}/api/newsletter/unsubscribe?token=${token}`, { method: 'POST', ...init }), {
        database: async () => db,
      });

    it('a mailbox’s one-click POST from another origin, without cookies, unsubscribes and answers 200', async () => {
      await request('ada@example.com');
      const { unsubscribeToken } = await row('ada@example.com');
      const response = await post(unsubscribeToken, {
        headers: {
          origin: 'https://mail.provider.example',
          'sec-fetch-site': 'cross-site',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('You’re unsubscribed. You won’t receive more letters.');
      expect((await row('ada@example.com')).status).toBe('unsubscribed');
      // Again: still 200, nothing more changes.
      const again = await post(unsubscribeToken, { body: 'List-Unsubscribe=One-Click' });
      expect(again.status).toBe(200);
    });

    it('takes the one-click body as multipart too', async () => {
      await request('ada@example.com');
      const { unsubscribeToken } = await row('ada@example.com');
      const body = new FormData();
      body.set('List-Unsubscribe', 'One-Click');
      const response = await post(unsubscribeToken, { headers: { 'sec-fetch-site': 'cross-site' }, body });
      expect(response.status).toBe(200);
      expect((await row('ada@example.com')).status).toBe('unsubscribed');
    });

    it('the page’s own button goes back to the page, which says it is done', async () => {
      await request('ada@example.com');
      const { unsubscribeToken } = await row('ada@example.com');
      expect(await readUnsubscription(db, unsubscribeToken)).toEqual({
        state: 'subscribed',
        maskedEmail: 'a***@example.com',
      });
      const response = await post(unsubscribeToken, {
        headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(`/newsletter/unsubscribe?token=${unsubscribeToken}&done=1`);
      expect(await readUnsubscription(db, unsubscribeToken)).toEqual({
        state: 'unsubscribed',
        maskedEmail: 'a***@example.com',
      });
    });

    it('a GET never unsubscribes: it leads to the page, which asks', async () => {
      await request('ada@example.com');
      const { unsubscribeToken } = await row('ada@example.com');
      const response = unsubscribeGet(new Request(`${SITE}/api/newsletter/unsubscribe?token=${unsubscribeToken}`));
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(`/newsletter/unsubscribe?token=${unsubscribeToken}`);
      expect((await row('ada@example.com')).status).toBe('pending');
    });

    it('an unknown token is a 404 and changes nothing', async () => {
      await request('ada@example.com');
      const response = await post('0'.repeat(64), { body: 'List-Unsubscribe=One-Click' });
      expect(response.status).toBe(404);
      expect((await row('ada@example.com')).status).toBe('pending');
      expect((await post('nonsense', { body: 'List-Unsubscribe=One-Click' })).status).toBe(404);
      expect(await readUnsubscription(db, '0'.repeat(64))).toEqual({ state: 'unknown' });
    });
  });

  it('the confirm button refuses a post from another site and confirms nothing', async () => {
    await request('ada@example.com');
    const { confirmToken: token } = await row('ada@example.com');
    const response = await handleConfirm(
      new Request(`${SITE}/api/newsletter/confirm`, {
        method: 'POST',
        headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: token! }),
      }),
      { database: async () => db },
    );
    expect(response.status).toBe(403);
    expect((await row('ada@example.com')).status).toBe('pending');
  });
});

describe('discount codes and masked addresses', () => {
  it('codes are PRINTS- and 8 Crockford base32 characters, different each time', () => {
    const codes = new Set(Array.from({ length: 200 }, () => subscriptions.newDiscountCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(CODE);
  });

  it('an address keeps its first letter and its domain', () => {
    expect(subscriptions.maskEmail('ada@example.com')).toBe('a***@example.com');
    expect(subscriptions.maskEmail('x@y.org')).toBe('x***@y.org');
    expect(subscriptions.maskEmail('broken')).toBe('***');
  });
});

describe('the newsletter’s routes while the database is away', () => {
  const away = { database: () => Promise.reject(new Error('database unreachable')) };

  it('answer 503 and change nothing: the same press works later', async () => {
    const confirm = await handleConfirm(
      new Request(`${SITE}/api/newsletter/confirm`, {
        method: 'POST',
        headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: 'c'.repeat(43) }),
      }),
      away,
    );
    expect(confirm.status).toBe(503);
    const leave = await handleUnsubscribe(
      new Request(`${SITE}/api/newsletter/unsubscribe?token=${'a'.repeat(64)}`, {
        method: 'POST',
        body: 'List-Unsubscribe=One-Click',
      }),
      away,
    );
    expect(leave.status).toBe(503);
    expect(await leave.text()).toContain('nothing was changed');
  });
});
