'use client';

import { Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { SuggestionList, type SuggestionRow } from '@/components/admin/ai/suggestion-list';
import { useSuggestions } from '@/components/admin/ai/use-suggestions';
import { Button } from '@/components/ui/button';
import { asFieldText } from '@/lib/ai/fields';
import { AI_ENABLE_HINT, AI_NOT_CONFIGURED, aiMessages } from '@/lib/ai/messages';
import { suggestStoryDetailsAction } from '@/lib/ai/story-actions';
import { storyAiMessages, storyAiMissing, storySuggestionFields, type StorySuggestionKey } from '@/lib/ai/story-fields';
import type { StorySuggestion } from '@/lib/ai/story-suggestion';
import { storyPlainText } from '@/lib/ai/story-text';
import type { StoryFormValues } from '@/lib/stories/form-values';
import { toast } from '@/lib/toast';

export type StoryAiField = StorySuggestionKey;

type Props = {
  /** Whether OPENAI_API_KEY is set on the server (the page reads it). */
  enabled: boolean;
  values: StoryFormValues;
  /** The cover's stored URL: the server reads it from storage, for the alt text only. */
  coverUrl: string | null;
  onApply: (name: StoryAiField, value: string) => void;
};

type Snapshot = Record<StoryAiField, string>;

const snapshotOf = (values: StoryFormValues): Snapshot => ({
  excerpt: values.excerpt,
  metaTitle: values.metaTitle,
  metaDescription: values.metaDescription,
  tags: values.tags,
  imageAlt: values.imageAlt,
});

/** The text a suggestion puts in its field; null when there is none (no alt text without a cover). */
const proposedText = (suggestion: StorySuggestion, key: StoryAiField) => {
  const value = suggestion[key];
  return value === null ? null : asFieldText(value);
};

/**
 * "Suggest with AI" in the story editor: the excerpt, meta title, meta description and tags
 * from the title and the story's text, and the cover's alt text from the cover. Suggestions
 * apply one by one or all at once, a field can be regenerated, and Undo puts back these fields
 * as they were before the first suggestion. Nothing is saved until the owner saves the story.
 */
export function StoryAiHelper({ enabled, values, coverUrl, onApply }: Props) {
  const ids = useId();
  // The page said the helper is on, but the server found no key when asked (changed since).
  const [offOnServer, setOffOnServer] = useState(false);
  const on = enabled && !offOnServer;

  const ask = async (): Promise<StorySuggestion | null> => {
    const text = storyPlainText(values.content);
    const missing = storyAiMissing(values.title, text);
    if (missing) {
      toast.error(aiMessages.missingTitle, { description: missing });
      return null;
    }
    const result = await suggestStoryDetailsAction({
      title: values.title,
      category: values.category,
      text,
      coverUrl,
    }).catch(() => null);
    if (!result) {
      toast.error(aiMessages.failedTitle, { description: aiMessages.failed });
      return null;
    }
    if (!result.ok) {
      if (result.error.startsWith(AI_NOT_CONFIGURED)) setOffOnServer(true);
      toast.error(aiMessages.failedTitle, { description: result.error });
      return null;
    }
    return result.data;
  };

  const { suggestion, busy, state, snapshot, generate, regenerate, close } = useSuggestions<
    StorySuggestion,
    StoryAiField,
    Snapshot
  >(ask, () => snapshotOf(values));

  const rows: SuggestionRow<StoryAiField>[] = suggestion
    ? storySuggestionFields.flatMap(({ key, label }) => {
        const proposed = proposedText(suggestion, key);
        return proposed === null ? [] : [{ key, label, current: values[key], proposed }];
      })
    : [];

  const apply = (key: StoryAiField, quiet = false) => {
    const row = rows.find((r) => r.key === key);
    if (!row) return;
    onApply(key, row.proposed);
    if (!quiet) toast.success(aiMessages.applied);
  };

  const applyAll = () => {
    for (const { key } of rows) apply(key, true);
    toast.success(aiMessages.allApplied);
  };

  const undo = () => {
    if (snapshot)
      for (const { key } of storySuggestionFields) if (values[key] !== snapshot[key]) onApply(key, snapshot[key]);
    close();
    toast.success(aiMessages.reverted);
  };

  const heading = `${ids}-heading`;
  const hint = `${ids}-hint`;
  return (
    <section aria-labelledby={heading} data-state={state} className="rounded-card border border-line bg-white p-4">
      <h2 id={heading} className="font-serif text-xl">
        AI helper
      </h2>
      <p id={hint} className="mt-1 text-sm text-ink-soft">
        {on
          ? 'Suggests the excerpt, meta title, meta description and tags from the title and the story, and the alt text from the cover. You review each one; nothing is saved until you save the story.'
          : `The AI helper is off. ${AI_ENABLE_HINT}`}
      </p>
      <Button
        type="button"
        variant="secondary"
        className="mt-3"
        onClick={generate}
        disabled={busy !== null || !on}
        aria-busy={busy === 'all' || undefined}
        aria-describedby={hint}
      >
        <Sparkles aria-hidden className="size-4" />
        {busy === 'all' ? 'Suggesting…' : 'Suggest with AI'}
      </Button>
      {suggestion ? (
        <SuggestionList
          rows={rows}
          busy={busy}
          onApply={(key) => apply(key)}
          onApplyAll={applyAll}
          onRegenerate={regenerate}
          onUndo={undo}
          layout="stacked"
        >
          {suggestion.imageAlt === null && !coverUrl ? (
            <p className="text-sm text-ink-soft">{storyAiMessages.noCover}</p>
          ) : null}
          {suggestion.ai_notes ? (
            <p className="text-sm text-ink-soft">Notes from the AI: {suggestion.ai_notes}</p>
          ) : null}
        </SuggestionList>
      ) : null}
    </section>
  );
}
