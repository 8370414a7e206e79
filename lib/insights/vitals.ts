/**
 * Real-user web vitals as the Insights screen keeps them: each day's samples of a page as a
 * histogram, never the samples themselves. Buckets grow by 15% from the first bound to the last
 * (log-spaced: as fine at 200 ms as the thresholds there need, as coarse at 20 s as nobody
 * minds), with one more for anything beyond; the p75 read back lies inside the bucket that holds
 * the exact one, so it is within one bucket of it.
 */
export const VITALS = ['LCP', 'CLS', 'INP', 'FCP', 'TTFB'] as const;
export type Vital = (typeof VITALS)[number];

const GROWTH = 1.15;

/** Upper bound of the first bucket and the last bound before the overflow bucket (CLS is unitless, the rest milliseconds). */
const RANGE: Record<Vital, { first: number; last: number }> = {
  LCP: { first: 10, last: 60_000 },
  FCP: { first: 10, last: 60_000 },
  TTFB: { first: 10, last: 60_000 },
  INP: { first: 8, last: 20_000 },
  CLS: { first: 0.001, last: 10 },
};

const bounds = new Map<Vital, number[]>();

/** Each bucket's upper bound (exclusive); a value at or past the last goes in one more, the overflow bucket. */
export function bucketBounds(vital: Vital): number[] {
  let list = bounds.get(vital);
  if (!list) {
    const { first, last } = RANGE[vital];
    list = [];
    for (let bound = first; bound < last * GROWTH; bound *= GROWTH) list.push(bound);
    bounds.set(vital, list);
  }
  return list;
}

/** How many buckets a histogram of this vital has (the overflow one included). */
export function bucketCount(vital: Vital): number {
  return bucketBounds(vital).length + 1;
}

/** The bucket a sample falls in. */
export function bucketOf(vital: Vital, value: number): number {
  const list = bucketBounds(vital);
  let low = 0;
  let high = list.length;
  // The first bound above the value (binary search); past every bound, the overflow bucket.
  while (low < high) {
    const mid = (low + high) >> 1;
    if (value < list[mid]!) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** A histogram of these samples, for one vital. */
export function histogram(vital: Vital, values: number[]): number[] {
  const counts = new Array<number>(bucketCount(vital)).fill(0);
  for (const value of values) counts[bucketOf(vital, value)]! += 1;
  return counts;
}

/**
 * The 75th percentile read from a histogram, as web-vitals reports use it: the sample at rank
 * ceil(0.75 n), placed by linear interpolation inside its bucket. Null without samples.
 */
export function p75(vital: Vital, buckets: readonly number[]): number | null {
  const total = buckets.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = Math.ceil(0.75 * total);
  const list = bucketBounds(vital);
  let seen = 0;
  for (let i = 0; i < buckets.length; i++) {
    const n = buckets[i] ?? 0;
    if (seen + n >= rank) {
      const lower = i === 0 ? 0 : list[i - 1]!;
      const upper = list[i] ?? lower * GROWTH;
      return lower + ((upper - lower) * (rank - seen)) / n;
    }
    seen += n;
  }
  return list.at(-1) ?? null;
}

/** Google's thresholds (web.dev): at or under the first is good, over the second is poor. */
export const THRESHOLDS: Record<Vital, readonly [good: number, poor: number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

export type Rating = 'good' | 'needs-improvement' | 'poor';

export function rating(vital: Vital, value: number): Rating {
  const [good, poor] = THRESHOLDS[vital];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}
