'use client';

import { RotateCcw, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** One suggestion beside the field's current value. */
export type SuggestionRow<K extends string> = { key: K; label: string; current: string; proposed: string };

type Props<K extends string> = {
  rows: readonly SuggestionRow<K>[];
  busy: 'all' | K | null;
  onApply: (key: K) => void;
  onApplyAll: () => void;
  onRegenerate: (key: K) => void;
  onUndo: () => void;
  /** 'stacked' for a narrow column (the story editor's sidebar): each row reads top to bottom. */
  layout?: 'columns' | 'stacked';
  /** Shown under the list: notes from the AI and the like. */
  children?: ReactNode;
};

/**
 * The AI suggestions: each beside the field's current value, so the owner sees what would
 * change, with Apply and Regenerate per field, Apply All and Undo. Shared by the artworks' panel
 * and the story helper; each owns its form and says what the rows are.
 */
export function SuggestionList<K extends string>({
  rows,
  busy,
  onApply,
  onApplyAll,
  onRegenerate,
  onUndo,
  layout = 'columns',
  children,
}: Props<K>) {
  const stacked = layout === 'stacked';
  return (
    <div className="mt-5 flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium text-ink">AI suggestions</h3>
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" onClick={onApplyAll} disabled={busy !== null}>
            Apply All
          </Button>
          <Button type="button" size="sm" variant="secondary" onClick={onUndo} disabled={busy !== null}>
            <Undo2 aria-hidden className="size-4" /> Undo
          </Button>
        </div>
      </div>
      <ul className="flex flex-col divide-y divide-line rounded-card border border-line" aria-label="Suggestions">
        {rows.map(({ key, label, current, proposed }) => {
          const same = current.trim() === proposed.trim();
          return (
            <li
              key={key}
              className={cn('grid gap-3 p-3', !stacked && 'sm:grid-cols-[10rem_1fr_1fr_auto] sm:items-start')}
              aria-label={label}
            >
              <p className="font-medium text-ink">{label}</p>
              <div className="min-w-0">
                <p className="text-xs uppercase tracking-wide text-ink-soft">Current</p>
                <p className="break-words text-sm text-ink">
                  {current.trim() ? current : <span className="italic text-ink-soft">Empty</span>}
                </p>
              </div>
              <div className="min-w-0">
                <p className="text-xs uppercase tracking-wide text-ink-soft">Suggested</p>
                <p className="whitespace-pre-line break-words text-sm text-ink" data-testid={`suggestion-${key}`}>
                  {busy === key ? 'Regenerating…' : proposed}
                </p>
              </div>
              <div className={cn('flex gap-2', stacked ? 'flex-wrap' : 'sm:flex-col')}>
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  onClick={() => onApply(key)}
                  disabled={busy !== null || same}
                  aria-label={`${same ? 'Applied' : 'Apply'} ${label}`}
                >
                  {same ? 'Applied' : 'Apply'}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() => onRegenerate(key)}
                  disabled={busy !== null}
                  aria-label={`Regenerate ${label}`}
                >
                  <RotateCcw aria-hidden className="size-4" /> Regenerate
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {children}
    </div>
  );
}
