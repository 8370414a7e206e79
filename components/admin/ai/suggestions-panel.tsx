'use client';

import { RotateCcw, Undo2 } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import type { ArtworkFormValues } from '@/lib/artworks/admin/schema';
import { asFieldText, suggestionFields, type SuggestionKey } from '@/lib/ai/fields';
import type { AiSuggestion } from '@/lib/ai/suggestion';

type Props = {
  suggestion: AiSuggestion;
  busy: 'all' | SuggestionKey | null;
  onApply: (key: SuggestionKey) => void;
  onApplyAll: () => void;
  onRegenerate: (key: SuggestionKey) => void;
  onUndo: () => void;
};

/** Each suggestion beside the field's current value, so the owner sees what would change. */
export function SuggestionsPanel({ suggestion, busy, onApply, onApplyAll, onRegenerate, onUndo }: Props) {
  const current = useWatch<ArtworkFormValues>({ name: suggestionFields.map((f) => f.field) }) as string[];
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
        {suggestionFields.map(({ key, label }, index) => {
          const proposed = asFieldText(suggestion[key]);
          const now = current[index] ?? '';
          const same = now.trim() === proposed.trim();
          return (
            <li key={key} className="grid gap-3 p-3 sm:grid-cols-[10rem_1fr_1fr_auto] sm:items-start" aria-label={label}>
              <p className="font-medium text-ink">{label}</p>
              <div className="min-w-0">
                <p className="text-xs uppercase tracking-wide text-ink-soft">Current</p>
                <p className="break-words text-sm text-ink">{now.trim() ? now : <span className="italic text-ink-soft">Empty</span>}</p>
              </div>
              <div className="min-w-0">
                <p className="text-xs uppercase tracking-wide text-ink-soft">Suggested</p>
                <p className="whitespace-pre-line break-words text-sm text-ink" data-testid={`suggestion-${key}`}>
                  {busy === key ? 'Regenerating…' : proposed}
                </p>
              </div>
              <div className="flex gap-2 sm:flex-col">
                <Button type="button" size="sm" variant="secondary" onClick={() => onApply(key)} disabled={busy !== null || same} aria-label={`${same ? 'Applied' : 'Apply'} ${label}`}>
                  {same ? 'Applied' : 'Apply'}
                </Button>
                <Button type="button" size="sm" variant="ghost" onClick={() => onRegenerate(key)} disabled={busy !== null} aria-label={`Regenerate ${label}`}>
                  <RotateCcw aria-hidden className="size-4" /> Regenerate
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {suggestion.bulletUseCases.length > 0 ? (
        <div className="text-sm text-ink">
          <p className="font-medium">Where it fits</p>
          <ul className="mt-1 list-disc pl-5">
            {suggestion.bulletUseCases.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {suggestion.ai_notes ? <p className="text-sm text-ink-soft">Notes from the AI: {suggestion.ai_notes}</p> : null}
    </div>
  );
}
