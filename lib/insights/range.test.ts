import { describe, expect, it } from 'vitest';
import { addDays, formatDay, parseRangeDays, rangeEnding } from './range';

describe('the Insights range', () => {
  it('takes 30, 90 or 365 days and falls back to 30 for anything else', () => {
    expect(parseRangeDays('90')).toBe(90);
    expect(parseRangeDays(['365', '30'])).toBe(365);
    for (const other of [undefined, null, '', '7', '30.5', '-30', 'abc', '1e3']) expect(parseRangeDays(other)).toBe(30);
  });

  it('ends today and holds exactly that many days, across month and leap-year ends', () => {
    expect(rangeEnding('2026-03-30', 30)).toEqual({ from: '2026-03-01', to: '2026-03-30' });
    expect(rangeEnding('2024-03-01', 2)).toEqual({ from: '2024-02-29', to: '2024-03-01' });
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('writes days in British English', () => {
    expect(formatDay('2026-03-03')).toBe('3 Mar 2026');
  });
});
