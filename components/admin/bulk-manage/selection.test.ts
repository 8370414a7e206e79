import { describe, expect, it } from 'vitest';
import * as sel from './selection';

const view: sel.ListView = { pageIds: ['a', 'b', 'c'], total: 5000, q: 'fog' };

describe('the Bulk Manage selection', () => {
  it('select-all toggles every row of the page, and back to none', () => {
    const all = sel.togglePage(sel.nothingSelected, view);
    expect(sel.selectedCount(all, view)).toBe(3);
    expect(sel.allOnPageSelected(all, view)).toBe(true);
    expect(sel.togglePage(all, view)).toEqual(sel.nothingSelected);
  });

  it('select-all on a partly ticked page ticks the rest', () => {
    const one = sel.toggleRow(sel.nothingSelected, view, 'b');
    expect(sel.selectedCount(sel.togglePage(one, view), view)).toBe(3);
  });

  it('offers "all matching" only once the whole page is ticked and more match than it shows', () => {
    const all = sel.togglePage(sel.nothingSelected, view);
    expect(sel.canSelectAllMatching(sel.toggleRow(all, view, 'a'), view)).toBe(false);
    expect(sel.canSelectAllMatching(all, view)).toBe(true);
    expect(sel.canSelectAllMatching(all, { ...view, total: 3 })).toBe(false);
  });

  it('"all matching" counts every match, and is sent as the search with that count, never as ids', () => {
    const matching: sel.Selection = { mode: 'matching' };
    expect(sel.selectedCount(matching, view)).toBe(5000);
    expect(sel.toInput(matching, view)).toEqual({ kind: 'matching', q: 'fog', expected: 5000 });
    expect(sel.toInput(sel.toggleRow(sel.nothingSelected, view, 'c'), view)).toEqual({ kind: 'ids', ids: ['c'] });
  });

  it('unticking one row of "all matching" leaves the rest of the page ticked', () => {
    const after = sel.toggleRow({ mode: 'matching' }, view, 'b');
    expect(sel.toInput(after, view)).toEqual({ kind: 'ids', ids: ['a', 'c'] });
  });

  it('an empty page has nothing to select', () => {
    const empty = { ...view, pageIds: [], total: 0 };
    expect(sel.allOnPageSelected(sel.togglePage(sel.nothingSelected, empty), empty)).toBe(false);
  });
});
