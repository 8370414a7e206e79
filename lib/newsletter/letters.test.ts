import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { newsletterLetters } from '@/lib/db/schema';
import { createTestDatabase, drivers } from '@/tests/support/db';

vi.mock('server-only', () => ({}));
vi.mock('next/cache', () => ({ cacheLife: () => {}, cacheTag: () => {} }));

const letters = await import('./letters');
const { letterMessages, saveLetterInputSchema, scheduleLetterInputSchema } = await import('./letter-fields');
const { readSentLetter, readSentLetters } = await import('./public');
const { letterStatusText } = await import('./letter-status');

const parse = (input: unknown) => saveLetterInputSchema.parse(input);
const fields = (overrides: Record<string, string> = {}) => ({
  title: 'Winter light',
  summary: 'Three new paintings from the Common.',
  content: '<p>Hello from Herne Hill.</p>',
  ...overrides,
});

describe('a letter’s fields', () => {
  const firstError = (input: unknown) => saveLetterInputSchema.safeParse(input).error?.issues[0]?.message;

  it('asks for a title, and keeps title and preview line within their limits', () => {
    expect(firstError({ fields: fields({ title: '   ' }) })).toBe(letterMessages.titleRequired);
    expect(firstError({ fields: fields({ title: 'x'.repeat(151) }) })).toBe(
      'The title must be at most 150 characters.',
    );
    expect(firstError({ fields: fields({ summary: 'x'.repeat(301) }) })).toBe(
      'The preview line must be at most 300 characters.',
    );
    expect(parse({ fields: fields({ title: '  Winter light \u0000 ' }) }).fields.title).toBe('Winter light');
  });

  it('reads the time to send as London time, summer and winter', () => {
    const at = (sendAt: string) => scheduleLetterInputSchema.parse({ id: crypto.randomUUID(), version: 1, sendAt });
    expect(at('2026-12-01T09:30').sendAt.toISOString()).toBe('2026-12-01T09:30:00.000Z');
    expect(at('2026-07-01T09:30').sendAt.toISOString()).toBe('2026-07-01T08:30:00.000Z');
    expect(
      scheduleLetterInputSchema.safeParse({ id: crypto.randomUUID(), version: 1, sendAt: '' }).error?.issues[0],
    ).toMatchObject({ message: letterMessages.badTime });
    expect(
      scheduleLetterInputSchema.safeParse({ id: crypto.randomUUID(), version: 1, sendAt: '2026-02-30T09:00' }).success,
    ).toBe(false);
  });
});

describe('a letter’s status, as the owner reads it', () => {
  const base = { sendAt: null, startedAt: null, sentAt: null, recipients: 0 };
  it('says Draft, Scheduled for a London time, Sending n of N, or Sent on a day to N', () => {
    expect(letterStatusText({ ...base, status: 'draft' })).toBe('Draft');
    expect(letterStatusText({ ...base, status: 'scheduled', sendAt: new Date('2026-07-01T08:30:00Z') })).toBe(
      'Scheduled for 1 July 2026 at 09:30',
    );
    expect(
      letterStatusText(
        { ...base, status: 'sending', recipients: 450 },
        { total: 450, sent: 120, waiting: 330, failed: 0 },
      ),
    ).toBe('Sending 120 of 450');
    expect(
      letterStatusText({ ...base, status: 'sent', recipients: 450, startedAt: new Date('2026-12-01T23:30:00Z') }),
    ).toBe('Sent 1 December 2026 to 450');
  });
});

describe.each(drivers)('letters in the database (%s)', (driver) => {
  let db: Database;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    await asSystem(db, 'test-setup', (sys) => sys.execute(sql`truncate app_private.newsletter_letters cascade`));
  });

  const create = (overrides: Record<string, string> = {}) =>
    letters.saveLetter(db, parse({ fields: fields(overrides) }));
  const setStatus = (id: string, status: 'sending' | 'sent') =>
    asSystem(db, 'test-setup', (sys) =>
      sys
        .update(newsletterLetters)
        .set({ status, startedAt: new Date('2026-11-01T10:00:00Z'), sentAt: status === 'sent' ? new Date() : null })
        .where(eq(newsletterLetters.id, id)),
    );

  it('saves a new letter as a draft with a slug from its title, its body cleaned', async () => {
    const saved = await letters.saveLetter(
      db,
      parse({ fields: fields({ content: '<p>Hello<script>alert(1)</script></p><img src="javascript:x">' }) }),
    );
    expect(saved).toMatchObject({ slug: 'winter-light', status: 'draft', version: 1, created: true, sendAt: null });
    const row = await letters.getLetter(db, saved.id);
    expect(row).toMatchObject({ title: 'Winter light', summary: 'Three new paintings from the Common.' });
    expect(row?.content).toBe('<p>Hello</p>');
  });

  it('gives each letter its own slug, and a draft’s slug follows its title', async () => {
    const first = await create();
    const second = await create();
    expect([first.slug, second.slug]).toEqual(['winter-light', 'winter-light-2']);
    const renamed = await letters.saveLetter(
      db,
      parse({ id: second.id, version: second.version, fields: fields({ title: 'Spring at last' }) }),
    );
    expect(renamed).toMatchObject({ slug: 'spring-at-last', version: 2, created: false });
    const again = await letters.saveLetter(
      db,
      parse({ id: first.id, version: first.version, fields: fields({ summary: 'Changed' }) }),
    );
    expect(again.slug).toBe('winter-light');
    // The subscription's own pages live at /newsletter/confirm and /newsletter/unsubscribe.
    expect((await create({ title: 'Confirm' })).slug).toBe('confirm-2');
  });

  it('refuses a save over a version changed in another tab, and keeps the newer one', async () => {
    const saved = await create();
    await letters.saveLetter(db, parse({ id: saved.id, version: 1, fields: fields({ title: 'From tab one' }) }));
    await expect(
      letters.saveLetter(db, parse({ id: saved.id, version: 1, fields: fields({ title: 'From tab two' }) })),
    ).rejects.toThrow(letterMessages.conflict);
    expect((await letters.getLetter(db, saved.id))?.title).toBe('From tab one');
  });

  it('says a letter deleted meanwhile is not found', async () => {
    await expect(
      letters.saveLetter(db, parse({ id: crypto.randomUUID(), version: 1, fields: fields() })),
    ).rejects.toThrow(letterMessages.notFound);
  });

  it('keeps a letter read-only once it is sending or sent, its slug included', async () => {
    const saved = await create();
    await setStatus(saved.id, 'sending');
    const change = parse({ id: saved.id, version: saved.version, fields: fields({ title: 'Changed after' }) });
    await expect(letters.saveLetter(db, change)).rejects.toThrow(letterMessages.readOnly);
    await expect(
      letters.scheduleLetter(db, { id: saved.id, version: saved.version, sendAt: new Date(Date.now() + 3600_000) }),
    ).rejects.toThrow(letterMessages.readOnly);
    await expect(letters.cancelSchedule(db, { id: saved.id, version: saved.version })).rejects.toThrow(
      letterMessages.readOnly,
    );
    await expect(letters.deleteLetter(db, saved.id)).rejects.toThrow(letterMessages.sendingNotDeleted);
    await setStatus(saved.id, 'sent');
    await expect(letters.saveLetter(db, change)).rejects.toThrow(letterMessages.readOnly);
    expect(await letters.getLetter(db, saved.id)).toMatchObject({ title: 'Winter light', slug: 'winter-light' });
    expect(await letters.deleteLetter(db, saved.id)).toEqual({ id: saved.id, wasPublic: true });
    expect(await letters.getLetter(db, saved.id)).toBeNull();
  });

  it('schedules a letter for a time to come, and a cancel makes it a draft again', async () => {
    const now = new Date('2026-11-20T12:00:00Z');
    const saved = await create();
    await expect(
      letters.scheduleLetter(db, { id: saved.id, version: 1, sendAt: new Date('2026-11-20T11:59:00Z') }, now),
    ).rejects.toThrow(letterMessages.pastTime);
    const sendAt = new Date('2026-12-01T09:30:00Z');
    const scheduled = await letters.scheduleLetter(db, { id: saved.id, version: 1, sendAt }, now);
    expect(scheduled).toMatchObject({ status: 'scheduled', sendAt: sendAt.toISOString(), version: 2 });
    // A scheduled letter can still be edited, and stays scheduled.
    const edited = await letters.saveLetter(db, parse({ id: saved.id, version: 2, fields: fields() }));
    expect(edited).toMatchObject({ status: 'scheduled', version: 3 });
    const cancelled = await letters.cancelSchedule(db, { id: saved.id, version: 3 });
    expect(cancelled).toMatchObject({ status: 'draft', sendAt: null, version: 4 });
    await expect(letters.cancelSchedule(db, { id: saved.id, version: 3 })).rejects.toThrow(letterMessages.conflict);
  });

  it('schedules or sends nothing that has not been written', async () => {
    const empty = await create({ content: '<p>  </p>' });
    const later = new Date(Date.now() + 3600_000);
    await expect(letters.scheduleLetter(db, { id: empty.id, version: 1, sendAt: later })).rejects.toThrow(
      letterMessages.contentRequired,
    );
    await expect(letters.checkSendable(db, { id: empty.id, version: 1 })).rejects.toThrow(
      letterMessages.contentRequired,
    );
    const written = await create();
    expect((await letters.checkSendable(db, { id: written.id, version: 1 })).id).toBe(written.id);
  });

  it('lists every letter; the public reads show only sent ones', async () => {
    const draft = await create({ title: 'Still a draft' });
    const sending = await create({ title: 'On its way' });
    const sent = await create({ title: 'Gone out' });
    await setStatus(sending.id, 'sending');
    await setStatus(sent.id, 'sent');
    expect((await letters.listLetters(db)).map((row) => row.title).sort()).toEqual([
      'Gone out',
      'On its way',
      'Still a draft',
    ]);
    expect((await readSentLetters(db)).map((letter) => letter.slug)).toEqual(['gone-out']);
    expect(await readSentLetter(db, 'gone-out')).toMatchObject({
      title: 'Gone out',
      content: '<p>Hello from Herne Hill.</p>',
      sentAt: new Date('2026-11-01T10:00:00Z'),
    });
    expect(await readSentLetter(db, draft.slug)).toBeNull();
    expect(await readSentLetter(db, sending.slug)).toBeNull();
  });
});
