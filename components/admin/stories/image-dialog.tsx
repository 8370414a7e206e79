'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ACCEPTED_IMAGE_TYPES, ALT_TEXT_MAX, MAX_IMAGE_BYTES, messages } from '@/lib/artworks/admin/schema';
import { DialogActions, DialogCancel, DialogForm, EditorDialog } from './editor-dialog';
import type { InsertedImage, UploadImage } from './editor-types';

const altMissing = 'Describe the image for people who cannot see it.';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  uploadImage: UploadImage;
  onInsert: (image: InsertedImage, alt: string) => void;
  onCloseAutoFocus?: (event: Event) => void;
  fallbackFocus?: () => void;
};

export function ImageDialog({ open, onOpenChange, uploadImage, onInsert, onCloseAutoFocus, fallbackFocus }: Props) {
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add an image"
      onCloseAutoFocus={onCloseAutoFocus}
      fallbackFocus={fallbackFocus}
    >
      <ImageForm uploadImage={uploadImage} onInsert={onInsert} />
    </EditorDialog>
  );
}

/** Mounted afresh each time the dialog opens. */
function ImageForm({ uploadImage, onInsert }: Pick<Props, 'uploadImage' | 'onInsert'>) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [alt, setAlt] = useState('');
  const [altTouched, setAltTouched] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // An upload still running when the dialog closes must not insert its image afterwards.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const altText = alt.trim();
  const showAltError = altText === '' && (altTouched || file !== null);
  const ready = file !== null && altText !== '' && altText.length <= ALT_TEXT_MAX && !uploading;

  const onFile = (event: React.ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setError(null);
    if (chosen && chosen.size > MAX_IMAGE_BYTES) {
      setError(messages.imageTooLarge);
      event.target.value = '';
      setFile(null);
      setPreview(null);
      return;
    }
    setFile(chosen);
    setPreview(chosen ? URL.createObjectURL(chosen) : null);
  };

  const submit = async () => {
    if (!file || altText === '') {
      setAltTouched(true);
      return;
    }
    if (!ready) return;
    setUploading(true);
    setError(null);
    const result = await uploadImage(file).catch(() => ({
      ok: false as const,
      error: 'The image could not be uploaded. Please try again.',
    }));
    if (!mounted.current) return;
    setUploading(false);
    if (result.ok) onInsert(result.image, altText);
    else setError(result.error);
  };

  return (
    <DialogForm onSubmit={() => void submit()} aria-busy={uploading || undefined}>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-file`}>Image file</Label>
        <Input
          id={`${id}-file`}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES}
          onChange={onFile}
          disabled={uploading}
          aria-describedby={`${id}-file-hint`}
          className="h-auto py-2"
        />
        <p id={`${id}-file-hint`} className="text-sm text-ink-soft">
          JPEG, PNG or WebP, up to 10MB. Web sizes are made from it.
        </p>
      </div>
      {preview ? (
        // eslint-disable-next-line @next/next/no-img-element -- a local object URL preview, nothing to optimise
        <img
          src={preview}
          alt=""
          className="max-h-48 w-auto justify-self-start rounded-md border border-line object-contain"
        />
      ) : null}
      <AltTextField
        id={`${id}-alt`}
        value={alt}
        disabled={uploading}
        showError={showAltError}
        onChange={setAlt}
        onBlur={() => setAltTouched(true)}
      />
      {error ? (
        <p role="alert" className="text-sm font-medium text-clay">
          {error}
        </p>
      ) : null}
      <DialogActions>
        <DialogCancel />
        <button
          type="submit"
          disabled={!ready}
          aria-busy={uploading || undefined}
          className={buttonVariants({ size: 'sm' })}
        >
          {uploading ? 'Uploading…' : 'Insert image'}
        </button>
      </DialogActions>
    </DialogForm>
  );
}

type AltTextProps = {
  id: string;
  value: string;
  disabled: boolean;
  showError: boolean;
  onChange: (alt: string) => void;
  onBlur: () => void;
};

/** The image's alt text, required: its count, and why it is missing once the owner moved on. */
function AltTextField({ id, value, disabled, showError, onChange, onBlur }: AltTextProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>
        Alt text
        <span aria-hidden className="text-clay">
          {' '}
          *
        </span>
      </Label>
      <Input
        id={id}
        value={value}
        maxLength={ALT_TEXT_MAX}
        required
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={showError || undefined}
        aria-describedby={showError ? `${id}-error ${id}-count` : `${id}-count`}
      />
      <div className="flex justify-between gap-4 text-sm">
        {showError ? (
          <p id={`${id}-error`} className="font-medium text-clay">
            {altMissing}
          </p>
        ) : (
          <span />
        )}
        <span id={`${id}-count`} className="shrink-0 text-ink-soft">
          {value.trim().length}/{ALT_TEXT_MAX}
        </span>
      </div>
    </div>
  );
}
