'use client';

import { useWatch } from 'react-hook-form';
import type { ArtworkFormValues } from '@/lib/artworks/admin/schema';
import { asFieldText, suggestionFields, type SuggestionKey } from '@/lib/ai/fields';
import type { AiSuggestion } from '@/lib/ai/suggestion';
import { SuggestionList } from './suggestion-list';

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
  const rows = suggestionFields.map(({ key, label }, index) => ({
    key,
    label,
    current: current[index] ?? '',
    proposed: asFieldText(suggestion[key]),
  }));
  return (
    <SuggestionList
      rows={rows}
      busy={busy}
      onApply={onApply}
      onApplyAll={onApplyAll}
      onRegenerate={onRegenerate}
      onUndo={onUndo}
    >
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
    </SuggestionList>
  );
}
