import { saveArtwork } from '@/lib/artworks/admin/actions';
import type { ArtworkFormValues } from '@/lib/artworks/admin/schema';
import type { SaveArtworkResult } from '@/lib/artworks/admin/save';
import { uploadArtworkImage } from './upload-image';

export type UploadThenSaveOutcome =
  { ok: true; data: SaveArtworkResult } | { ok: false; stage: 'upload' | 'save'; error: string };

/**
 * Saving an artwork from the browser, steps 2 and 3 (docs/product.md, Saving an artwork): upload
 * the newly chosen file, if any, through the upload route, then save through the server action
 * with the reference the route issued. The one path for the add and edit form and for each bulk
 * upload item. `stage` says which step failed, for the form's 'Image Upload Failed' or
 * 'Submission Failed'.
 */
export async function uploadThenSave(input: {
  id?: string;
  fields: ArtworkFormValues;
  file: File | null;
  onUploaded?: () => void;
}): Promise<UploadThenSaveOutcome> {
  let image = null;
  if (input.file) {
    const upload = await uploadArtworkImage(input.file, input.fields.category, input.fields.slug);
    if (!upload.ok) return { ok: false, stage: 'upload', error: upload.error };
    image = upload.reference;
    input.onUploaded?.();
  }
  try {
    const result = await saveArtwork({ id: input.id, fields: input.fields, image });
    return result.ok ? result : { ok: false, stage: 'save', error: result.error };
  } catch (error) {
    // The action's request never arrived or its answer was lost.
    return {
      ok: false,
      stage: 'save',
      error: error instanceof Error && error.message ? error.message : 'Something went wrong',
    };
  }
}
