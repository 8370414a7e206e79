import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { artworks, mailOutbox } from '@/lib/db/schema';
import { createTestDatabase, drivers } from '@/tests/support/db';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
});
vi.mock('server-only', () => ({}));

const { receiveMessage } = await import('./receive');
const inbox = await import('./inbox');
const { readReceiveMessages, writeReceiveMessages } = await import('./settings');
const { handleSend } = await import('./send');
const { signFormToken } = await import('./form-token');
const subscriberList = await import('@/lib/newsletter');
const { visitorMessageSchema, SENDER_LIMIT, SITE_HOURLY_CEILING } = await import('./rules');

const message = (fields: Record<string, string> = {}) =>
  visitorMessageSchema.parse({
    form: 'contact',
    name: 'Ada',
    email: 'ada@example.com',
    subject: 'Hello',
    message: 'A question about a painting.',
    ...fields,
  });

describe.each(drivers)('visitors’ messages in the database (%s)', (driver) => {
  let db: Database;
  let artworkId: string;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    const [row] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(artworks)
        .values({
          title: 'Herne Hill Rooftops',
          slug: 'herne-hill-rooftops',
          category: 'Buildings',
          imageThumb400Url: '/media/x-400.webp',
          imageAlt: 'Rooftops',
        })
        .returning({ id: artworks.id }),
    );
    artworkId = row!.id;
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    await asSystem(db, 'test-setup', (sys) =>
      sys.execute(sql`truncate app_private.messages, app_private.subscribers cascade`),
    );
    await writeReceiveMessages(db, false);
  });

  it('a new site does not receive messages; the switch persists', async () => {
    expect(await readReceiveMessages(db)).toBe(false);
    await writeReceiveMessages(db, true);
    expect(await readReceiveMessages(db)).toBe(true);
  });

  it('an enquiry arrives in the inbox with its painting, new, and a rename keeps it', async () => {
    const received = await receiveMessage(db, message({ artwork: artworkId }), { senderKey: 'a', shownAt: undefined });
    expect(received).toMatchObject({ ok: true, spam: null });
    await asSystem(db, 'test-setup', (sys) =>
      sys
        .update(artworks)
        .set({ title: 'Herne Hill Rooftops in the Rain' })
        .where(sql`${artworks.id} = ${artworkId}`),
    );
    const list = await inbox.listMessages(db, { folder: 'inbox' });
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]).toMatchObject({
      name: 'Ada',
      readAt: null,
      painting: { id: artworkId, title: 'Herne Hill Rooftops in the Rain', thumbUrl: '/media/x-400.webp' },
    });
    expect(await inbox.countNewMessages(db)).toBe(1);
    expect(await inbox.paintingsWithMessages(db)).toEqual([
      { id: artworkId, title: 'Herne Hill Rooftops in the Rain' },
    ]);
  });

  it('an id that names no painting is dropped, not refused', async () => {
    const received = await receiveMessage(db, message({ artwork: '99999999-9999-4999-8999-999999999999' }), {
      senderKey: 'a',
      shownAt: undefined,
    });
    expect(received.ok).toBe(true);
    expect((await inbox.listMessages(db, { folder: 'inbox' })).rows[0]!.painting).toBeNull();
  });

  it('at most five from one address in ten minutes, however many arrive at once; others are not held back', async () => {
    const now = new Date();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => receiveMessage(db, message(), { senderKey: 'busy', shownAt: undefined, now })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(SENDER_LIMIT.messages);
    expect(results.filter((r) => !r.ok)).toEqual(
      Array(8 - SENDER_LIMIT.messages).fill({ ok: false, reason: 'throttled' }),
    );
    expect((await receiveMessage(db, message(), { senderKey: 'other', shownAt: undefined, now })).ok).toBe(true);
    const later = new Date(now.getTime() + SENDER_LIMIT.windowMs + 1000);
    expect((await receiveMessage(db, message(), { senderKey: 'busy', shownAt: undefined, now: later })).ok).toBe(true);
  });

  it('suspect messages go to Spam, never subscribe, and are pruned after 30 days', async () => {
    const now = Date.now();
    await receiveMessage(db, message({ website: 'x', subscribe: 'on' }), { senderKey: 'a', shownAt: undefined });
    await receiveMessage(db, message(), { senderKey: 'b', shownAt: now - 500, now: new Date(now) });
    const spam = await inbox.listMessages(db, { folder: 'spam' });
    expect(spam.rows.map((row) => row.spamReason).sort()).toEqual(['honeypot', 'too-fast']);
    expect(await subscriberList.listSubscribers(db)).toEqual([]);
    expect(await inbox.countNewMessages(db)).toBe(0);
    await receiveMessage(db, message(), {
      senderKey: 'c',
      shownAt: undefined,
      now: new Date(now - 31 * 24 * 3600_000),
    });
    await asSystem(db, 'test-setup', (sys) =>
      sys.execute(sql`update app_private.messages set folder = 'spam' where sender_key = 'c'`),
    );
    expect(await inbox.pruneSpam(db)).toBe(1);
    expect((await inbox.listMessages(db, { folder: 'spam' })).total).toBe(2);
  });

  it('past the hourly ceiling, new messages are held as spam', async () => {
    const now = new Date();
    await asSystem(db, 'test-setup', (sys) =>
      sys.execute(sql`insert into app_private.messages (created_at, form, name, email, body, sender_key)
        select ${now.toISOString()}::timestamptz - interval '5 minutes', 'footer', 'n', 'n@example.com', 'b', 'k' || g from generate_series(1, ${SITE_HOURLY_CEILING}) g`),
    );
    expect(await receiveMessage(db, message(), { senderKey: 'new', shownAt: undefined, now })).toMatchObject({
      ok: true,
      spam: 'ceiling',
    });
  });

  it('the subscribe box records one row per address, pending, with no email while email is off; the CSV lists it', async () => {
    await receiveMessage(db, message({ form: 'footer', subscribe: 'on', name: 'Ada' }), {
      senderKey: 'a',
      shownAt: undefined,
    });
    await receiveMessage(db, message({ form: 'footer', subscribe: 'on', name: '=Ada L', email: 'ADA@example.com' }), {
      senderKey: 'a',
      shownAt: undefined,
    });
    const list = await subscriberList.listSubscribers(db);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      email: 'ada@example.com',
      name: '=Ada L',
      status: 'pending',
      consent: 'Subscribe to my newsletter for updates on new art and exhibitions.',
      confirmSentAt: null,
      confirmedAt: null,
    });
    // Email is not set up (notify off): nothing queued for the address.
    const queued = await asSystem(db, 'test-setup', (sys) =>
      sys.select({ kind: mailOutbox.kind }).from(mailOutbox).where(like(mailOutbox.kind, 'newsletter-%')),
    );
    expect(queued).toEqual([]);
    expect(await subscriberList.subscriberCounts(db)).toEqual({ pending: 1, confirmed: 0, unsubscribed: 0 });
    const csv = subscriberList.subscribersCsv(list);
    expect(csv.split('\r\n')[0]).toBe(
      '"email","name","status","consent","asked_at","confirmation_sent_at","confirmed_at","unsubscribed_at"',
    );
    expect(csv.split('\r\n')[1]).toBe(
      `"ada@example.com","'=Ada L","pending","Subscribe to my newsletter for updates on new art and exhibitions.","${list[0]!.requestedAt.toISOString()}","","",""`,
    );
    expect(await subscriberList.removeSubscriber(db, 'Ada@Example.com')).toBe(true);
    expect(await subscriberList.countSubscribers(db)).toBe(0);
  });

  it('opening marks read; unread, archive, spam both ways, delete; everything from an address goes', async () => {
    const first = await receiveMessage(db, message({ subscribe: 'on' }), { senderKey: 'a', shownAt: undefined });
    const second = await receiveMessage(db, message({ email: 'bo@example.com', name: 'Bo' }), {
      senderKey: 'b',
      shownAt: undefined,
    });
    if (!first.ok || !second.ok) throw new Error('not received');
    expect((await inbox.openMessage(db, first.id))?.readAt).toBeInstanceOf(Date);
    expect(await inbox.countNewMessages(db)).toBe(1);
    await inbox.markRead(db, first.id, false);
    expect(await inbox.countNewMessages(db)).toBe(2);
    await inbox.moveMessage(db, first.id, 'archive');
    expect(await inbox.folderCounts(db)).toEqual({ inbox: 1, archive: 1, spam: 0, new: 1 });
    await inbox.moveMessage(db, second.id, 'spam');
    await inbox.moveMessage(db, second.id, 'inbox');
    expect((await inbox.listMessages(db, { folder: 'inbox' })).rows.map((row) => row.id)).toEqual([second.id]);
    expect(await inbox.deleteMessage(db, second.id)).toBe(true);
    expect(await inbox.deleteMessage(db, second.id)).toBe(false);
    expect(await inbox.eraseAddress(db, 'ADA@example.com')).toEqual({ messages: 1, subscriber: true });
    expect(await inbox.folderCounts(db)).toEqual({ inbox: 0, archive: 0, spam: 0, new: 0 });
  });

  it('lists newest first, a page at a time', async () => {
    const start = Math.floor(Date.now() / 1000) - 3600;
    await asSystem(db, 'test-setup', (sys) =>
      sys.execute(sql`insert into app_private.messages (created_at, form, name, email, body, sender_key)
        select to_timestamp(${start} + g), 'footer', 'n' || g, 'n@example.com', 'b', 'k' from generate_series(1, 120) g`),
    );
    const page1 = await inbox.listMessages(db, { folder: 'inbox' });
    expect(page1).toMatchObject({ total: 120, page: 1, pages: 3 });
    expect(page1.rows[0]!.name).toBe('n120');
    const page3 = await inbox.listMessages(db, { folder: 'inbox', page: 9 });
    expect(page3.page).toBe(3);
    expect(page3.rows.at(-1)!.name).toBe('n1');
  });

  describe('the send route', () => {
    const form = (fields: Record<string, string>) =>
      new URLSearchParams({
        form: 'contact',
        name: 'Ada',
        email: 'ada@example.com',
        subject: 'Hi',
        message: 'Hello there',
        ...fields,
      });
    const post = (
      body: URLSearchParams,
      { json = true, headers = {} }: { json?: boolean; headers?: Record<string, string> } = {},
    ) =>
      new Request('http://127.0.0.1/api/messages', {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
          ...(json ? { accept: 'application/json' } : {}),
          ...headers,
        },
      });
    const deps = (address = '198.51.100.7') => ({ database: async () => db, address: async () => address });

    it('while off, refuses with the display-only notice and stores nothing', async () => {
      const response = await handleSend(post(form({})), deps());
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ ok: false, notice: { title: 'Contact Form Inactive' } });
      expect((await inbox.folderCounts(db)).inbox).toBe(0);
    });

    it('on: a send is stored and answered "Message Sent"; without scripts it leads to /contact/sent', async () => {
      await writeReceiveMessages(db, true);
      const token = signFormToken(Date.now() - 10_000);
      const response = await handleSend(post(form({ form_token: token })), deps());
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true, notice: expect.objectContaining({ title: 'Message Sent' }) });
      const plain = await handleSend(post(form({ form: 'footer' }), { json: false }), deps());
      expect(plain.status).toBe(303);
      expect(plain.headers.get('location')).toBe('/contact/sent');
      expect((await inbox.folderCounts(db)).inbox).toBe(2);
    });

    it('a sixth send in ten minutes is refused with "Too many messages", and without scripts the text comes back escaped', async () => {
      await writeReceiveMessages(db, true);
      for (let i = 0; i < 5; i++) expect((await handleSend(post(form({})), deps('198.51.100.9'))).status).toBe(200);
      const refused = await handleSend(post(form({})), deps('198.51.100.9'));
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ notice: { title: 'Too many messages' } });
      const page = await handleSend(
        post(form({ message: 'My words <img src=x onerror=alert(1)>' }), { json: false }),
        deps('198.51.100.9'),
      );
      expect(page.status).toBe(429);
      const html = await page.text();
      expect(html).toContain('Too many messages');
      expect(html).toContain('My words &#60;img src=x onerror=alert(1)&#62;');
      expect(html).not.toContain('<img');
    });

    it('an IPv6 sender counts as its /64: addresses in one /64 share the five, the next /64 has its own', async () => {
      await writeReceiveMessages(db, true);
      for (let i = 1; i <= SENDER_LIMIT.messages; i++)
        expect((await handleSend(post(form({})), deps(`2001:db8:5:1::${i}`))).status).toBe(200);
      expect((await handleSend(post(form({})), deps('2001:db8:5:1:ffff::1'))).status).toBe(429);
      expect((await handleSend(post(form({})), deps('2001:db8:5:2::1'))).status).toBe(200);
    });

    it('a database that cannot be reached: 503, nothing half-stored, every word sent back', async () => {
      await writeReceiveMessages(db, true);
      const response = await handleSend(post(form({ message: 'Keep these words' }), { json: false }), {
        database: async () => Promise.reject(new Error('connect ECONNREFUSED')),
        address: async () => '198.51.100.1',
      });
      expect(response.status).toBe(503);
      expect(await response.text()).toContain('Keep these words');
    });

    it('refuses a cross-site post, a malformed address and an oversized body', async () => {
      await writeReceiveMessages(db, true);
      expect((await handleSend(post(form({}), { headers: { 'sec-fetch-site': 'cross-site' } }), deps())).status).toBe(
        403,
      );
      const bad = await handleSend(post(form({ email: 'ada@' })), deps());
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ notice: { title: 'Invalid Email Address' }, field: 'email' });
      expect((await handleSend(post(form({ message: 'x'.repeat(70_000) })), deps())).status).toBe(413);
      expect((await inbox.folderCounts(db)).inbox).toBe(0);
    });
  });
});
