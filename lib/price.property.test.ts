import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrice, priceAmount } from './price';

// Properties of price display (lib/price.ts): the gallery, the artwork page, the admin table and
// the structured-data offer all read the stored price text through these two functions.

const DISPLAYED_AMOUNT = /^£\d{1,3}(,\d{3})*\.\d{2}$/;

/** A whole number as digits, without leading zeros (up to 40 digits: more than a double holds). */
const wholePounds = fc.oneof(fc.nat({ max: 100_000 }).map(String), fc.bigInt({ min: 0n, max: 10n ** 40n }).map(String));
const pence = fc.option(fc.stringMatching(/^\d{1,2}$/), { nil: undefined });
const thousands = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/** An amount as an owner might type it, with the amount it means (pounds and pence, exactly). */
const typedAmount = fc
  .record({
    pounds: wholePounds,
    pence,
    sign: fc.constantFrom('', '£', '£ ', ' £'),
    grouped: fc.boolean(),
    padding: fc.constantFrom('', ' ', '  '),
  })
  .map(({ pounds, pence, sign, grouped, padding }) => ({
    typed: `${padding}${sign}${grouped ? thousands(pounds) : pounds}${pence === undefined ? '' : `.${pence}`}${padding}`,
    amount: `${pounds}.${(pence ?? '').padEnd(2, '0')}`,
  }));

const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.stringMatching(/^[£ ,.\d-]{0,20}$/),
  fc.constantFrom(
    'NaN',
    'Infinity',
    '1e21',
    '-5',
    '0x10',
    '1,50',
    '1,2,3',
    ',',
    '.5',
    '5.',
    '£',
    '£450 framed, £380 unframed',
  ),
);
const anyNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, 1e21, 0.1 + 0.2),
);

describe('price display (properties)', () => {
  it('shows a typed amount as pounds with two decimals, and the offer amount is exactly what was typed', () => {
    fc.assert(
      fc.property(typedAmount, ({ typed, amount }) => {
        const shown = formatPrice(typed);
        expect(shown).toMatch(DISPLAYED_AMOUNT);
        // Parses back: the digits shown are the amount typed (no rounding through a double).
        expect(shown!.slice(1).replace(/,/g, '')).toBe(amount);
        expect(priceAmount(typed)).toBe(amount);
      }),
      { numRuns: 500 },
    );
  });

  it('never throws, is blank only for blank input, and is idempotent (a shown price shows as itself)', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, anyNumber, fc.constantFrom(null, undefined)), (price) => {
        const shown = formatPrice(price);
        if (price === null || price === undefined || String(price).trim() === '') expect(shown).toBeNull();
        if (shown !== null) expect(formatPrice(shown)).toBe(shown);
      }),
      { numRuns: 1000 },
    );
  });

  it('never shows NaN or Infinity that the owner did not type', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, anyNumber), (price) => {
        const shown = formatPrice(price) ?? '';
        const typed = typeof price === 'string' ? price : '';
        if (!typed.includes('NaN')) expect(shown).not.toContain('NaN');
        if (!typed.includes('Infinity')) expect(shown).not.toContain('Infinity');
      }),
      { numRuns: 1000 },
    );
  });

  it('shows a number as pounds and pence, rounded to the penny', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), (price) => {
        const shown = formatPrice(price);
        expect(shown).toMatch(DISPLAYED_AMOUNT);
        expect(Math.abs(Number(shown!.slice(1).replace(/,/g, '')) - price)).toBeLessThanOrEqual(0.005 + price * 1e-15);
      }),
    );
  });

  it('an offer amount is a plain decimal with two places, and agrees with what is shown', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyText,
          typedAmount.map((t) => t.typed),
        ),
        (price) => {
          const amount = priceAmount(price);
          if (amount === null) return;
          expect(amount).toMatch(/^\d+\.\d{2}$/);
          expect(formatPrice(price)!.slice(1).replace(/,/g, '')).toBe(amount);
          expect(priceAmount(formatPrice(price))).toBe(amount);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('reads a comma only as a thousands separator: anything else is shown as written', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,7}(,\d{1,4}){1,3}(\.\d{1,2})?$/), (typed) => {
        const grouped = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(typed);
        const shown = formatPrice(typed);
        if (grouped) expect(shown).toMatch(DISPLAYED_AMOUNT);
        // '1,50' (a decimal comma) or '1,2,3' would otherwise show as £150.00 or £123.00.
        else expect(shown).toBe(typed);
      }),
      { numRuns: 500 },
    );
  });
});
