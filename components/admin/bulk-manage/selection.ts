import type { BulkSelection } from '@/lib/bulk-manage/bulk-schema';

/**
 * What the admin has selected on the Bulk Manage screen (docs/product.md, Bulk Manage Artworks):
 * a set of ids, where select-all toggles all rows: ticked rows of the page shown, or every
 * artwork matching the search, which is sent to the server as the search itself, never as
 * thousands of ids.
 */
export type Selection = { mode: 'ids'; ids: ReadonlySet<string> } | { mode: 'matching' };

export const nothingSelected: Selection = { mode: 'ids', ids: new Set() };

export type ListView = { pageIds: readonly string[]; total: number; q: string };

export function isSelected(selection: Selection, id: string): boolean {
  return selection.mode === 'matching' || selection.ids.has(id);
}

export function selectedCount(selection: Selection, view: ListView): number {
  return selection.mode === 'matching' ? view.total : selection.ids.size;
}

/** Every row of the page is selected (also true when all matching are). */
export function allOnPageSelected(selection: Selection, view: ListView): boolean {
  if (view.pageIds.length === 0) return false;
  return selection.mode === 'matching' || view.pageIds.every((id) => selection.ids.has(id));
}

export function toggleRow(selection: Selection, view: ListView, id: string): Selection {
  // Unticking one row of "all matching" leaves the rest of this page ticked.
  const ids = new Set(selection.mode === 'matching' ? view.pageIds : selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { mode: 'ids', ids };
}

/** The select-all checkbox: all rows of the page, or none. */
export function togglePage(selection: Selection, view: ListView): Selection {
  return allOnPageSelected(selection, view) ? nothingSelected : { mode: 'ids', ids: new Set(view.pageIds) };
}

/** Whether "all matching" means more than the page shows, so it is worth offering. */
export function canSelectAllMatching(selection: Selection, view: ListView): boolean {
  return selection.mode === 'ids' && allOnPageSelected(selection, view) && view.total > view.pageIds.length;
}

export function toInput(selection: Selection, view: ListView): BulkSelection {
  return selection.mode === 'matching'
    ? { kind: 'matching', q: view.q, expected: view.total }
    : { kind: 'ids', ids: [...selection.ids] };
}
