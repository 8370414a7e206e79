'use client';

import { Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import type { ArtworkFormValues } from '@/lib/artworks/admin/schema';
import { asFieldText, suggestionFields, type SuggestionKey } from '@/lib/ai/fields';
import { AI_ENABLE_HINT, aiMessages } from '@/lib/ai/messages';
import type { AiSuggestion } from '@/lib/ai/suggestion';
import { toast } from '@/lib/toast';
import { fileToDataUrl } from './image-data-url';
import { fetchAiConfigured, requestSuggestions } from './request-suggestions';
import { SuggestionsPanel } from './suggestions-panel';
import { useSuggestions } from './use-suggestions';

type Props = {
  /** The stored image (Edit), read by the server from storage. */
  imageUrl?: string | null;
  /** A newly chosen file, sent as a downscaled data URL (Add, or Edit with a new image). */
  file?: File | null;
};

/**
 * 'Generate with AI' and the suggestions panel (docs/product.md, AI helper): closed, generating,
 * shown. The first generation keeps a snapshot of the form; suggestions apply one by one or all at
 * once, a field can be regenerated, Undo restores the snapshot. Nothing is saved until the owner
 * saves the form.
 */
export function AiAssistant({ imageUrl, file }: Props) {
  const form = useFormContext<ArtworkFormValues>();
  const [configured, setConfigured] = useState<boolean | null>(null);

  useEffect(() => {
    let live = true;
    void fetchAiConfigured().then((value) => live && setConfigured(value));
    return () => {
      live = false;
    };
  }, []);

  const ask = async (): Promise<AiSuggestion | null> => {
    const values = form.getValues();
    const title = values.title.trim();
    if (!title || (!imageUrl && !file)) {
      toast.error(aiMessages.missingTitle, { description: aiMessages.missing });
      return null;
    }
    const image = file ? await fileToDataUrl(file).catch(() => null) : imageUrl!;
    if (!image) {
      toast.error(aiMessages.failedTitle, { description: 'The chosen image could not be read.' });
      return null;
    }
    const outcome = await requestSuggestions({
      title,
      category: values.category,
      imageUrl: image,
      existing: { slug: values.slug, description: values.description, imageAlt: values.imageAlt, price: values.price },
    });
    if (!outcome.ok) {
      if (outcome.notConfigured) setConfigured(false);
      toast.error(aiMessages.failedTitle, {
        description: outcome.notConfigured ? `${outcome.error}. ${AI_ENABLE_HINT}` : outcome.error,
      });
      return null;
    }
    return outcome.suggestion;
  };

  const { suggestion, busy, state, snapshot, generate, regenerate, close } = useSuggestions<
    AiSuggestion,
    SuggestionKey,
    ArtworkFormValues
  >(ask, () => form.getValues());

  const apply = (key: SuggestionKey, quiet = false) => {
    if (!suggestion) return;
    const entry = suggestionFields.find((f) => f.key === key)!;
    form.setValue(entry.field, asFieldText(suggestion[key]), {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
    if (!quiet) toast.success(aiMessages.applied);
  };

  const applyAll = () => {
    for (const { key } of suggestionFields) apply(key, true);
    toast.success(aiMessages.allApplied);
  };

  const undo = () => {
    if (snapshot) form.reset(snapshot, { keepDefaultValues: true });
    close();
    toast.success(aiMessages.reverted);
  };

  return (
    <section
      aria-labelledby="ai-helper-heading"
      data-state={state}
      className="rounded-card border border-line bg-white p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="ai-helper-heading" className="font-serif text-xl">
            AI writing helper
          </h2>
          <p id="ai-helper-hint" className="mt-1 text-sm text-ink-soft">
            {configured === false
              ? `The AI helper is off. ${AI_ENABLE_HINT}`
              : 'Suggests descriptions, SEO and social text from the title and the image. You review each one; nothing is saved until you save the form.'}
          </p>
        </div>
        <Button
          type="button"
          variant="secondary"
          onClick={generate}
          disabled={busy !== null || configured === false}
          aria-busy={busy === 'all' || undefined}
          aria-describedby="ai-helper-hint"
        >
          <Sparkles aria-hidden className="size-4" />
          {busy === 'all' ? 'Generating…' : 'Generate with AI'}
        </Button>
      </div>
      {suggestion ? (
        <SuggestionsPanel
          suggestion={suggestion}
          busy={busy}
          onApply={(key) => apply(key)}
          onApplyAll={applyAll}
          onRegenerate={regenerate}
          onUndo={undo}
        />
      ) : null}
    </section>
  );
}
