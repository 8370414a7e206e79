import { describe, expect, it } from 'vitest';
import { batchFromQuery, inBatches, parseBatchInput } from './batch-size';

describe('retrofit batch size', () => {
  it('the Batch Size box: minimum 1, non-numeric input becomes 1', () => {
    expect(parseBatchInput('5')).toBe(5);
    expect(parseBatchInput('12')).toBe(12);
    expect(parseBatchInput('0')).toBe(1);
    expect(parseBatchInput('-3')).toBe(1);
    expect(parseBatchInput('')).toBe(1);
    expect(parseBatchInput('abc')).toBe(1);
    expect(parseBatchInput('7.9')).toBe(7);
    expect(parseBatchInput('999')).toBe(50);
  });

  it('the batch query parameter is used only if numeric and raised to at least 1; default 5', () => {
    expect(batchFromQuery(undefined)).toBe(5);
    expect(batchFromQuery('abc')).toBe(5);
    expect(batchFromQuery('')).toBe(5);
    expect(batchFromQuery('3')).toBe(3);
    expect(batchFromQuery('0')).toBe(1);
    expect(batchFromQuery('-4')).toBe(1);
    expect(batchFromQuery(['8', '2'])).toBe(8);
    expect(batchFromQuery('2.5')).toBe(2);
  });

  it('batches are sent one after another in order', () => {
    expect(inBatches([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 5)).toEqual([
      [1, 2, 3, 4, 5],
      [6, 7, 8, 9, 10],
      [11, 12],
    ]);
    expect(inBatches([], 5)).toEqual([]);
  });
});
