import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { findArtworkWithTitle } from '@/lib/artworks/admin/actions';
import type { ArtworkFields, ArtworkFormValues } from '@/lib/artworks/admin/schema';
import { slugifyTitle } from '@/lib/slug';
import { filledSlug, typedSlug } from './slug-input';

export type ArtworkFormApi = UseFormReturn<ArtworkFormValues, unknown, ArtworkFields>;

/**
 * The title and slug fields' registrations: the slug follows the title until someone types a
 * slug of their own, and leaving the title asks whether another artwork already has it.
 */
export function useTitleAndSlug(form: ArtworkFormApi, artworkId: string | undefined, initialSlug: string) {
  // The slug follows the title until someone types a slug of their own.
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(initialSlug === '');
  const [sameTitle, setSameTitle] = useState<string | null>(null);

  const checkTitle = async (title: string) => {
    const result = await findArtworkWithTitle({ title, excludeId: artworkId }).catch(() => null);
    // A failed check says nothing: the warning is a courtesy, the save does not depend on it.
    setSameTitle(result?.ok && result.data && form.getValues('title') === title ? result.data.title : null);
  };
  const fillSlug = () => {
    const slug = filledSlug(form.getValues('slug'), form.getValues('title'));
    if (slug !== form.getValues('slug')) form.setValue('slug', slug, { shouldValidate: form.formState.isSubmitted });
  };

  const titleField = form.register('title', {
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      if (slugFollowsTitle)
        form.setValue('slug', slugifyTitle(event.target.value), { shouldValidate: form.formState.isSubmitted });
      setSameTitle(null);
    },
    onBlur: (event: React.FocusEvent<HTMLInputElement>) => void checkTitle(event.target.value),
  });
  const slugField = form.register('slug', {
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      // The field shows the slug the save will keep as it is typed, so the save's 'Slug
      // Adjusted' is only ever about a clash with another artwork.
      const input = event.target;
      const { shown, caret } = typedSlug(input.value, input.selectionStart);
      if (shown !== input.value) {
        input.value = shown;
        input.setSelectionRange(caret, caret);
        form.setValue('slug', shown);
      }
      setSlugFollowsTitle(shown === '');
    },
    onBlur: () => fillSlug(),
  });

  return { titleField, slugField, sameTitle, fillSlug };
}
