import { describe, expect, it } from 'vitest';
import { rowsOf } from './rows';

describe('rowsOf', () => {
  it('reads the rows of either driver’s raw result', () => {
    const rows = [{ tag: 'artworks' }, { tag: 'stories' }];
    // postgres.js: the result is the array of rows itself (with extra properties such as count).
    const postgresResult = Object.assign([...rows], { count: 2 });
    expect(rowsOf(postgresResult)).toBe(postgresResult);
    // PGlite: an object with rows, fields and affectedRows.
    expect(rowsOf({ rows, fields: [], affectedRows: 0 })).toEqual(rows);
  });

  it('reads a result without rows (a statement that returns none) as no rows', () => {
    expect(rowsOf({ affectedRows: 3 })).toEqual([]);
  });
});
