import { describe, expect, it } from 'vitest';
import { bucketBounds, bucketOf, histogram, p75, rating, VITALS } from './vitals';

/** The exact 75th percentile as web-vitals reports take it: the sample at rank ceil(0.75 n). */
const exactP75 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(0.75 * values.length) - 1]!;

/** A fixed pseudo-random sample (a small LCG): the same numbers on every run. */
function sample(n: number, scale: number): number[] {
  let seed = 12345;
  return Array.from({ length: n }, () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    // Skewed like real timings: most fast, a long tail.
    return scale * Math.exp(3 * (seed / 2 ** 31)) * 0.2;
  });
}

describe('web-vital histograms', () => {
  it('read the p75 back within one bucket of the exact value, for every vital', () => {
    for (const vital of VITALS) {
      const values = sample(5000, vital === 'CLS' ? 0.05 : 1200);
      const exact = exactP75(values);
      const read = p75(vital, histogram(vital, values))!;
      // Within the bucket holding the exact value, or the one next to it.
      expect(
        Math.abs(bucketOf(vital, read) - bucketOf(vital, exact)),
        `${vital}: ${read} against ${exact}`,
      ).toBeLessThanOrEqual(1);
      // Buckets grow by 15%: that is also within 15% of the value.
      expect(Math.abs(read - exact) / exact).toBeLessThan(0.15);
    }
  });

  it('place each sample in the bucket whose bounds hold it, past the last in the overflow bucket', () => {
    const bounds = bucketBounds('LCP');
    expect(bucketOf('LCP', 0)).toBe(0);
    expect(bucketOf('LCP', bounds[0]! - 0.001)).toBe(0);
    expect(bucketOf('LCP', bounds[0]!)).toBe(1);
    expect(bucketOf('LCP', 2500)).toBe(bounds.findIndex((bound) => 2500 < bound));
    expect(bucketOf('LCP', 10 * 60_000)).toBe(bounds.length);
    expect(histogram('LCP', [1, 1, 2500, 1e9]).reduce((a, b) => a + b, 0)).toBe(4);
    expect(p75('LCP', histogram('LCP', []))).toBeNull();
  });

  it('rate values by Google’s thresholds', () => {
    expect(rating('LCP', 2500)).toBe('good');
    expect(rating('LCP', 2501)).toBe('needs-improvement');
    expect(rating('LCP', 4001)).toBe('poor');
    expect(rating('CLS', 0.1)).toBe('good');
    expect(rating('CLS', 0.26)).toBe('poor');
    expect(rating('INP', 350)).toBe('needs-improvement');
  });
});
