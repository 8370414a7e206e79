import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { discountTries, siteSettings, subscribers } from '@/lib/db/schema';
import { createTestDatabase } from '@/tests/support/db';
import {
  checkDiscountCode,
  discountMessages,
  MAX_WRONG_TRIES,
  normaliseCode,
  TRY_WINDOW_MS,
  tryDiscountCode,
} from './discount';
import { readDiscountSettings, writeDiscountSettings } from './discount-settings';

// Subscribers' discount codes (docs/product.md, The subscriber discount): which codes work, what
// each refusal says, and the bound on guessing.

describe('discount codes', () => {
  let db: Database;
  let n = 0;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
  });
  afterAll(() => db?.close());

  /** A subscriber with a fresh code; answers the code. */
  async function subscriber(status: 'pending' | 'confirmed' | 'unsubscribed' = 'confirmed') {
    const code = `PRINTS-${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
    const email = `reader${++n}@example.com`;
    await asSystem(db, 'test-setup', (sys) =>
      sys.insert(subscribers).values({ email, name: `Reader ${n}`, consent: 'yes', status, discountCode: code }),
    );
    return { code, email };
  }
  const setDiscount = (on: boolean, percent = 20, kinds: string[] = ['print', 'card', 'coaster']) =>
    asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(siteSettings)
        .values({ id: true, discountOn: on, discountPercent: percent, discountKinds: kinds })
        .onConflictDoUpdate({
          target: siteSettings.id,
          set: { discountOn: on, discountPercent: percent, discountKinds: kinds },
        }),
    );

  it('normalises a code as typed: spaces anywhere ignored, upper case', () => {
    expect(normaliseCode('  prints-1a2b 3c4d\t5e ')).toBe('PRINTS-1A2B3C4D5E');
    expect(normaliseCode('   ')).toBe('');
  });

  it('a confirmed subscriber’s code works however it is typed, with its email, percentage and kinds', async () => {
    await setDiscount(true, 25, ['print', 'original']);
    const { code, email } = await subscriber();
    const typed = ` ${code.toLowerCase().slice(0, 4)} ${code.toLowerCase().slice(4)} `;
    expect(await checkDiscountCode(db, typed)).toEqual({
      ok: true,
      code,
      email,
      percent: 25,
      kinds: ['print', 'original'],
    });
  });

  it('refuses an empty field, an unknown code, a pending or unsubscribed subscriber’s, and every code while the discount is off', async () => {
    await setDiscount(true);
    const refusal = async (input: string) => {
      const check = await checkDiscountCode(db, input);
      return check.ok ? null : [check.reason, check.message];
    };
    expect(await refusal('  ')).toEqual(['empty', 'Please enter a discount code.']);
    expect(await refusal('PRINTS-NOBODY')).toEqual([
      'unknown',
      "We don't recognise that code. Please check it and try again.",
    ]);
    expect(await refusal('X'.repeat(500))).toEqual(['unknown', discountMessages.unknown]);
    expect(await refusal((await subscriber('pending')).code)).toEqual(['inactive', 'That code is no longer active.']);
    expect(await refusal((await subscriber('unsubscribed')).code)).toEqual(['inactive', discountMessages.inactive]);
    const { code } = await subscriber();
    expect(await refusal(code)).toBeNull();
    await setDiscount(false);
    expect(await refusal(code)).toEqual(['inactive', discountMessages.inactive]);
    await setDiscount(true);
  });

  it('a visitor may try 10 wrong codes an hour; then even a right one is refused until the hour has passed', async () => {
    await setDiscount(true);
    const { code } = await subscriber();
    const visitor = '2001:db8:77:1::1';
    const now = new Date('2026-12-01T10:00:00Z');
    for (let i = 0; i < MAX_WRONG_TRIES; i++) {
      const check = await tryDiscountCode(db, `WRONG-${i}`, visitor, now);
      expect(check).toMatchObject({ ok: false, reason: 'unknown' });
    }
    // Another address of the same /64 is the same visitor.
    expect(await tryDiscountCode(db, code, '2001:db8:77:1::ffff', now)).toEqual({
      ok: false,
      reason: 'tries',
      message: 'Too many tries. Please try again in an hour.',
    });
    // Another visitor is not held back.
    expect(await tryDiscountCode(db, code, '203.0.113.40', now)).toMatchObject({ ok: true, code });
    const later = new Date(now.getTime() + TRY_WINDOW_MS + 1);
    expect(await tryDiscountCode(db, code, visitor, later)).toMatchObject({ ok: true, code });
    // The hour's old tries were cleared as the new one came.
    const left = await asSystem(db, 'test-setup', (sys) => sys.select().from(discountTries));
    expect(left.every((row) => row.triedAt > now)).toBe(true);
  });

  it('right codes and an empty field are not wrong tries; a burst of wrong ones at once still stops at 10', async () => {
    await setDiscount(true);
    const { code } = await subscriber();
    const visitor = '198.51.100.7';
    for (let i = 0; i < 12; i++) expect((await tryDiscountCode(db, code, visitor)).ok).toBe(true);
    expect(await tryDiscountCode(db, '', visitor)).toMatchObject({ reason: 'empty' });
    const burst = await Promise.all(Array.from({ length: 15 }, (_, i) => tryDiscountCode(db, `GUESS-${i}`, visitor)));
    expect(burst.filter((check) => !check.ok && check.reason === 'unknown')).toHaveLength(MAX_WRONG_TRIES);
    expect(burst.filter((check) => !check.ok && check.reason === 'tries')).toHaveLength(5);
  });
});

describe('the discount settings', () => {
  let db: Database;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
  });
  afterAll(() => db?.close());

  it('a new site gives 20% off prints, cards and coasters; a save keeps the kinds once each, in order', async () => {
    expect(await readDiscountSettings(db)).toEqual({ on: true, percent: 20, kinds: ['print', 'card', 'coaster'] });
    await writeDiscountSettings(db, { on: false, percent: '15', kinds: ['original', 'print', 'print'] });
    expect(await readDiscountSettings(db)).toEqual({ on: false, percent: 15, kinds: ['print', 'original'] });
  });

  it.each([
    [{ on: true, percent: 0, kinds: ['print'] }, 'Enter the discount as a whole percentage from 1 to 90.'],
    [{ on: true, percent: 91, kinds: ['print'] }, 'Enter the discount as a whole percentage from 1 to 90.'],
    [{ on: true, percent: '12.5', kinds: ['print'] }, 'Enter the discount as a whole percentage from 1 to 90.'],
    [{ on: true, percent: 'abc', kinds: ['print'] }, 'Enter the discount as a whole percentage from 1 to 90.'],
    [{ on: true, percent: 20, kinds: [] }, 'Choose at least one kind of item the discount applies to.'],
    [{ on: true, percent: 20, kinds: ['posters'] }, 'Choose at least one kind of item the discount applies to.'],
  ])('refuses %j with a clear message and changes nothing', async (input, message) => {
    await writeDiscountSettings(db, { on: true, percent: 30, kinds: ['card'] });
    await expect(writeDiscountSettings(db, input as never)).rejects.toThrow(message);
    expect(await readDiscountSettings(db)).toEqual({ on: true, percent: 30, kinds: ['card'] });
  });
});
