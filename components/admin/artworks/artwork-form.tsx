'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  artworkFormSchema,
  metaDescriptionWarning,
  type ArtworkFields,
  type ArtworkFormValues,
} from '@/lib/artworks/admin/schema';
import { categories } from '@/lib/categories';
import { sameTitleWarning } from '@/lib/artworks/admin/title-check';
import { FieldIdPrefixProvider, Fieldset, SelectField, TextAreaField, TextField } from './form-fields';
import { AiAssistant } from '@/components/admin/ai/ai-assistant';
import { ImageField } from './image-field';
import { PricingFieldset, SeoFieldset, StoryExtrasFieldset } from './artwork-fieldsets';
import { useArtworkSave } from './use-artwork-save';
import { useTitleAndSlug } from './use-title-and-slug';
import { ReadyFieldset } from '@/components/ui/ready-fieldset';

type Props = {
  artworkId?: string;
  defaultValues: ArtworkFormValues;
  currentImageUrl?: string | null;
  children?: React.ReactNode;
};

/**
 * Add and Edit share this form. Saving (docs/product.md, Saving an artwork): validate with the
 * server's own schema, upload a newly chosen image, then save through the server action, which
 * validates again.
 */
export function ArtworkForm({ artworkId, defaultValues, currentImageUrl, children }: Props) {
  const fieldIds = `artwork${useId()}`;
  const form = useForm<ArtworkFormValues, unknown, ArtworkFields>({
    resolver: zodResolver(artworkFormSchema),
    defaultValues,
    mode: 'onTouched',
  });
  const { file, imageError, saving, onValid, onInvalid, onFileChange } = useArtworkSave(form, artworkId);
  const metaDescription = useWatch({ control: form.control, name: 'metaDescription' });
  const metaWarning = metaDescriptionWarning(metaDescription);
  const { titleField, slugField, sameTitle, fillSlug } = useTitleAndSlug(form, artworkId, defaultValues.slug);
  // Until the form has hydrated, react-hook-form has not taken charge of the inputs: typing
  // then would be overwritten (or prefixed) when it does. The fields wait, disabled, till then.
  const hydrated = useHydrated();

  return (
    <FormProvider {...form}>
      <FieldIdPrefixProvider value={fieldIds}>
        <form
          noValidate
          onSubmit={(event) => {
            fillSlug();
            return form.handleSubmit(onValid, onInvalid)(event);
          }}
          className="flex flex-col gap-6"
          aria-busy={saving || !hydrated || undefined}
        >
          <ReadyFieldset>
            <AiAssistant imageUrl={file ? null : currentImageUrl} file={file} />
            <Fieldset legend="Basics">
              <TextField
                label="Title"
                name="title"
                required
                registration={titleField}
                hint={
                  <span aria-live="polite" className={sameTitle ? 'font-medium text-clay' : undefined}>
                    {sameTitle ? sameTitleWarning(sameTitle) : null}
                  </span>
                }
              />
              <TextField
                label="Slug"
                name="slug"
                required
                registration={slugField}
                hint="The address of the artwork's page. Made from the title until you type your own."
              />
              <SelectField name="category" label="Category" options={categories} />
              <TextAreaField name="description" label="Description (short hook)" rows={3} className="sm:col-span-2" />
              <TextAreaField name="story" label="Story (long description)" rows={6} className="sm:col-span-2" />
            </Fieldset>

            <Fieldset legend="Image">
              <ImageField onFileChange={onFileChange} currentImageUrl={currentImageUrl} error={imageError} />
            </Fieldset>

            <PricingFieldset />
            <StoryExtrasFieldset />
            <SeoFieldset metaWarning={metaWarning} />

            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="flex flex-wrap gap-3">{children}</div>
              <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
                {saving ? 'Saving…' : artworkId ? 'Save Changes' : 'Add Artwork'}
              </Button>
            </div>
          </ReadyFieldset>
        </form>
      </FieldIdPrefixProvider>
    </FormProvider>
  );
}
