'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { FormProvider, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import {
  artworkFormSchema,
  availabilitySuggestions,
  messages,
  metaDescriptionWarning,
  type ArtworkFields,
  type ArtworkFormValues,
} from '@/lib/artworks/admin/schema';
import { categories } from '@/lib/categories';
import { findArtworkWithTitle } from '@/lib/artworks/admin/actions';
import { sameTitleWarning } from '@/lib/artworks/admin/title-check';
import { slugifyTitle, typingSlug } from '@/lib/slug';
import { CheckboxField, FieldIdPrefixProvider, Fieldset, SelectField, TextAreaField, TextField } from './form-fields';
import { AiAssistant } from '@/components/admin/ai/ai-assistant';
import { ImageField } from './image-field';
import { uploadThenSave } from './upload-then-save';
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
  const router = useRouter();
  const fieldIds = `artwork${useId()}`;
  const form = useForm<ArtworkFormValues, unknown, ArtworkFields>({
    resolver: zodResolver(artworkFormSchema),
    defaultValues,
    mode: 'onTouched',
  });
  const [file, setFile] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The slug follows the title until someone types a slug of their own.
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(defaultValues.slug === '');
  const metaDescription = useWatch({ control: form.control, name: 'metaDescription' });
  const metaWarning = metaDescriptionWarning(metaDescription);

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
      const shown = typingSlug(input.value);
      if (shown !== input.value) {
        const caret = typingSlug(input.value.slice(0, input.selectionStart ?? input.value.length)).length;
        input.value = shown;
        input.setSelectionRange(caret, caret);
        form.setValue('slug', shown);
      }
      setSlugFollowsTitle(shown === '');
    },
    onBlur: () => fillSlug(),
  });
  const [sameTitle, setSameTitle] = useState<string | null>(null);
  const checkTitle = async (title: string) => {
    const result = await findArtworkWithTitle({ title, excludeId: artworkId }).catch(() => null);
    // A failed check says nothing: the warning is a courtesy, the save does not depend on it.
    setSameTitle(result?.ok && result.data && form.getValues('title') === title ? result.data.title : null);
  };
  /**
   * A slug that is empty or cleans to nothing ('!!!') is made from the title
   * (docs/product.md, Add and edit artwork).
   */
  const fillSlug = () => {
    const slug = slugifyTitle(form.getValues('slug')) || slugifyTitle(form.getValues('title'));
    if (slug !== form.getValues('slug')) form.setValue('slug', slug, { shouldValidate: form.formState.isSubmitted });
  };

  const needsImage = !artworkId && !file;
  // Until the form has hydrated, react-hook-form has not taken charge of the inputs: typing
  // then would be overwritten (or prefixed) when it does. The fields wait, disabled, till then.
  const hydrated = useHydrated();

  const onInvalid = (errors: FieldErrors<ArtworkFormValues>) => {
    if (needsImage) setImageError(messages.imageRequired);
    if (errors.imageAlt && form.getValues('imageAlt').trim() === '') {
      toast.error(messages.altRequiredTitle, { description: messages.altRequired });
    } else {
      const first = Object.values(errors)[0]?.message;
      toast.error(messages.validationError, { description: first ? String(first) : undefined });
    }
  };

  const onValid = async () => {
    if (needsImage) {
      setImageError(messages.imageRequired);
      toast.error(messages.validationError, { description: messages.imageRequired });
      return;
    }
    setSaving(true);
    try {
      // The server parses the raw form values with the same schema.
      let uploaded = false;
      const result = await uploadThenSave({
        id: artworkId,
        fields: form.getValues(),
        file,
        onUploaded: () => (uploaded = true),
      });
      if (!result.ok) {
        toast.error(result.stage === 'upload' ? 'Image Upload Failed' : 'Submission Failed', {
          description: result.error,
        });
        return;
      }
      // One toast at a time, newest first (lib/toast.ts): raised in reverse, they read in the
      // order things happened, each for its 5000 ms.
      const { slug, slugAdjusted, movedFrom, path } = result.data;
      if (slugAdjusted)
        toast.info('Slug Adjusted', { description: `Your slug has been updated to "${slug}" to ensure it is unique.` });
      toast.success(
        'Success! Artwork added/updated successfully.',
        movedFrom ? { description: `Its old address ${movedFrom} now redirects to ${path}.` } : undefined,
      );
      if (uploaded) toast.success('Image Upload Successful!');
      router.push('/admin/artworks/manage');
      router.refresh();
    } catch (error) {
      toast.error('Submission Failed', {
        description: error instanceof Error ? error.message : 'Something went wrong',
      });
    } finally {
      setSaving(false);
    }
  };

  const onFileChange = (chosen: File | null) => {
    setFile(chosen);
    if (chosen) setImageError(null);
  };

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

            <Fieldset legend="Pricing and availability">
              <TextField name="price" label="Price" hint="A number such as 450, or text such as On Request." />
              <TextField name="currency" label="Currency" hint="Three letters, e.g. GBP." />
              <div className="sm:col-span-2">
                <CheckboxField name="isForSale" label="For sale" />
              </div>
              <TextField
                name="availability"
                label="Availability"
                hint={`For example: ${availabilitySuggestions.join(', ')}.`}
              />
              <TextField name="sku" label="SKU" />
              <TextField name="editionSize" label="Edition size" inputMode="numeric" />
              <TextField name="editionNumber" label="Edition number" inputMode="numeric" />
              <TextField
                name="formatsAvailable"
                label="Formats available"
                hint="Comma-separated, e.g. Original, Giclée print, Card."
                className="sm:col-span-2"
              />
              <div className="sm:col-span-2">
                <CheckboxField name="framed" label="Framed" />
              </div>
              <TextField name="widthMm" label="Width (mm)" inputMode="decimal" />
              <TextField name="heightMm" label="Height (mm)" inputMode="decimal" />
              <TextField name="year" label="Year" inputMode="numeric" />
              <TextField name="medium" label="Medium" placeholder="Watercolour on paper" />
              <TextField
                name="storeUrl"
                label="Store URL"
                type="url"
                inputMode="url"
                placeholder="https://"
                className="sm:col-span-2"
              />
            </Fieldset>

            <Fieldset legend="Story extras">
              <TextAreaField
                name="longStoryDescription"
                label="Long story description"
                rows={8}
                className="sm:col-span-2"
              />
            </Fieldset>

            <Fieldset legend="SEO and social">
              <TextField name="seoTitle" label="SEO title" />
              <TextField name="metaTitle" label="Meta title" />
              <TextAreaField name="seoDescription" label="SEO description" rows={3} className="sm:col-span-2" />
              <TextAreaField
                name="metaDescription"
                label="Meta description"
                rows={3}
                className="sm:col-span-2"
                hint={
                  <span aria-live="polite" className={metaWarning ? 'font-medium text-clay' : undefined}>
                    {metaWarning ?? 'Recommended: 150-160 chars.'}
                  </span>
                }
              />
              <TextField name="keywords" label="Keywords" hint="Comma-separated." className="sm:col-span-2" />
              <TextField name="tags" label="Tags" hint="Comma-separated." className="sm:col-span-2" />
              <TextField name="ogTitle" label="Open Graph title" />
              <TextField name="twitterTitle" label="Twitter title" />
              <TextAreaField name="ogDescription" label="Open Graph description" rows={2} />
              <TextAreaField name="twitterDescription" label="Twitter description" rows={2} />
            </Fieldset>

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
