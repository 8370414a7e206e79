import { artworkFormSchema, emptyArtworkForm, messages, type ArtworkFormValues } from '@/lib/artworks/client';
import { slugifyTitle } from '@/lib/slug';
import type { QueueAction, QueueItem } from './queue';

type Outcome<T> = { ok: true; data: T } | { ok: false; error: string };

/** The steps of one item, passed in: the screen gives the real ones, tests their own. */
export type ItemSteps = {
  /** The first free slug for this one (the slug uniqueness check). */
  checkSlug: (slug: string) => Promise<Outcome<{ slug: string }>>;
  /** The single add form's own upload-then-save (components/admin/artworks/upload-then-save.ts). */
  uploadThenSave: (input: { fields: ArtworkFormValues; file: File }) => Promise<Outcome<{ path: string }>>;
};

/**
 * Uploads and saves one queue item (docs/product.md, Bulk upload): progress 0, the slug check, 25,
 * then the upload and the save; Complete, or Failed with the reason. Never throws: a failure is the
 * item's, and the run goes on to the next one.
 */
export async function processItem(
  item: QueueItem,
  steps: ItemSteps,
  dispatch: (action: QueueAction) => void,
): Promise<void> {
  const fail = (error: string) => dispatch({ type: 'itemFailed', id: item.id, error });
  dispatch({ type: 'itemStarted', id: item.id });
  // An emptied slug is made from the title again (docs/product.md, Add and edit artwork), as the
  // save would.
  const fields: ArtworkFormValues = {
    ...emptyArtworkForm,
    ...item.fields,
    slug: item.fields.slug.trim() || slugifyTitle(item.fields.title),
  };
  // The server's schema, before anything is sent: an invalid item costs no upload.
  const valid = artworkFormSchema.safeParse(fields);
  if (!valid.success) return fail(valid.error.issues[0]?.message ?? messages.validationError);
  try {
    const checked = await steps.checkSlug(fields.slug);
    if (!checked.ok) return fail(checked.error);
    dispatch({ type: 'slugChecked', id: item.id, slug: checked.data.slug });
    const saved = await steps.uploadThenSave({ fields: { ...fields, slug: checked.data.slug }, file: item.file });
    if (!saved.ok) return fail(saved.error);
    dispatch({ type: 'itemCompleted', id: item.id, saved: { title: fields.title.trim(), path: saved.data.path } });
  } catch (error) {
    fail(error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.');
  }
}
