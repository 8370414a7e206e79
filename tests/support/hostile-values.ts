import fc from 'fast-check';

/**
 * Any value a crafted request could put where the server expects input: primitives, BigInt,
 * dates, maps, sets, typed and sparse arrays, boxed values, nested at random.
 *
 * Null-prototype objects are left out. Nothing that feeds the server boundary makes them: JSON
 * (`JSON.parse`), React's server-action reply decoding, `FormData` and Postgres' jsonb all give
 * plain objects. And zod 4.6.7 (the newest) throws a TypeError instead of answering on them:
 * its length checks run after a failed type check, so
 * `z.string().max(5).safeParse({ length: Object.create(null) })` throws "Cannot convert object
 * to primitive value" (found by fast-check, seed 625827484).
 */
export const anyValue = fc.anything({
  withBigInt: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withTypedArray: true,
  withSparseArray: true,
  withBoxedValues: true,
  withObjectString: true,
});
