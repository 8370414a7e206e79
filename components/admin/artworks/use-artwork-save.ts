import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { messages, type ArtworkFormValues } from '@/lib/artworks/admin/schema';
import { toast } from '@/lib/toast';
import { uploadThenSave } from './upload-then-save';
import type { ArtworkFormApi } from './use-title-and-slug';

/**
 * The chosen image and the save (docs/product.md, Saving an artwork): a new artwork needs an
 * image; a valid form uploads a newly chosen one, then saves, and says how it went.
 */
export function useArtworkSave(form: ArtworkFormApi, artworkId: string | undefined) {
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const needsImage = !artworkId && !file;

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

  return { file, imageError, saving, onValid, onInvalid, onFileChange };
}
