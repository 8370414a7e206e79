'use client';

import * as sel from './selection';

const countFormat = new Intl.NumberFormat('en-GB');

type Props = {
  selection: sel.Selection;
  view: sel.ListView;
  disabled: boolean;
  onSelectAllMatching: () => void;
  onClear: () => void;
};

/**
 * Says what select-all selected, and offers the next step: 'all 24 on this page' can become
 * 'all 5,000 matching' (applied on the server by the search, not by ids), and back.
 */
export function SelectionNotice({ selection, view, disabled, onSelectAllMatching, onClear }: Props) {
  const matching = view.q ? `matching “${view.q}”` : 'matching';
  let text: string;
  let action: { label: string; onClick: () => void };
  if (selection.mode === 'matching') {
    const total = countFormat.format(view.total);
    text = view.q ? `All ${total} artworks ${matching} are selected.` : `All ${total} matching artworks are selected.`;
    action = { label: 'Clear selection', onClick: onClear };
  } else if (sel.canSelectAllMatching(selection, view)) {
    text = `All ${view.pageIds.length} on this page are selected.`;
    action = { label: `Select all ${countFormat.format(view.total)} ${matching}`, onClick: onSelectAllMatching };
  } else {
    return null;
  }
  return (
    <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-card border border-wash/30 bg-wash-light/60 px-4 py-3 text-sm text-ink">
      <span>{text}</span>
      <button
        type="button"
        onClick={action.onClick}
        disabled={disabled}
        className="min-h-6 font-medium text-wash-deep underline underline-offset-4 hover:text-wash disabled:opacity-60"
      >
        {action.label}
      </button>
    </div>
  );
}
