'use client';

import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  ACCEPTED_IMAGE_TYPES,
  ALT_TEXT_MAX,
  MAX_IMAGE_BYTES,
  messages,
  type ArtworkFormValues,
} from '@/lib/artworks/admin/schema';
import { Field, useFieldId } from './form-fields';

/**
 * The image file (checked for size before anything is sent), its preview, and the alt text
 * with a live n/125 counter.
 */
export function ImageField({
  onFileChange,
  currentImageUrl,
  error,
}: {
  onFileChange: (file: File | null) => void;
  currentImageUrl?: string | null;
  error?: string | null;
}) {
  const { register, control, getValues } = useFormContext<ArtworkFormValues>();
  const id = useFieldId('image');
  const alt = useWatch({ control, name: 'imageAlt' }) ?? '';
  const [preview, setPreview] = useState<string | null>(null);

  // Each preview URL is released when it is replaced or the form goes away.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const onChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    if (chosen && chosen.size > MAX_IMAGE_BYTES) {
      toast.error(messages.imageTooLargeTitle, { description: messages.imageTooLarge });
      event.target.value = '';
      setPreview(null);
      onFileChange(null);
      return;
    }
    setPreview(chosen ? URL.createObjectURL(chosen) : null);
    onFileChange(chosen);
  };

  const shown = preview ?? currentImageUrl ?? null;
  const altLength = alt.trim().length;
  return (
    <>
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <Label htmlFor={id}>
          Image file{currentImageUrl ? ' (choose one to replace the current image)' : null}
          {currentImageUrl ? null : (
            <span aria-hidden className="text-clay">
              {' '}
              *
            </span>
          )}
        </Label>
        <Input
          id={id}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES}
          onChange={onChange}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          className="h-auto py-2"
        />
        <p id={`${id}-hint`} className="text-sm text-ink-soft">
          JPEG, PNG or WebP, up to 10MB. Web sizes are made from it; the original is kept private.
        </p>
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-clay">
            {error}
          </p>
        ) : null}
      </div>
      <div className="sm:col-span-2">
        {shown ? (
          // eslint-disable-next-line @next/next/no-img-element -- a local object URL preview, nothing to optimise
          <img
            src={shown}
            alt={alt.trim() || 'Preview of the chosen image'}
            className="max-h-72 w-auto rounded-md border border-line object-contain"
          />
        ) : (
          <div className="grid h-40 place-items-center rounded-md border border-dashed border-line text-sm text-ink-soft">
            No image chosen yet
          </div>
        )}
      </div>
      <Field
        name="imageAlt"
        label="Alt text"
        required
        className="sm:col-span-2"
        hint={
          <span className="flex justify-between gap-4">
            <span>Describe what the painting shows, for people who cannot see it.</span>
            <span className={altLength > ALT_TEXT_MAX ? 'font-medium text-clay' : undefined}>
              {altLength}/{ALT_TEXT_MAX}
            </span>
          </span>
        }
      >
        {(controlProps) => (
          <Input defaultValue={String(getValues('imageAlt') ?? '')} {...controlProps} {...register('imageAlt')} />
        )}
      </Field>
    </>
  );
}
