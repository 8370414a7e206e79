import { artworkPath } from '@/lib/categories';
import { deleteArtworkById } from '@/lib/artworks/admin/queries';
import { dropRedirectsTo } from '@/lib/redirects/record';
import { asAdmin } from '@/lib/db/roles';
import { artworkChangePaths, queueUrlChanges } from '@/lib/search-engines/changes';
import { imageFiles, removeImageFiles, type ArtworkWriteDeps } from './images';
import { ArtworkNotFoundError } from './save';

/**
 * Deletes one artwork (docs/product.md, Saving an artwork): the record first, then its image files.
 * A failure removing files is logged and never brings the row back (the orphan sweep removes them
 * later); redirects into the deleted page go with it.
 */
export async function deleteArtworkRecord(deps: ArtworkWriteDeps, id: string): Promise<{ id: string; slug: string }> {
  const row = await asAdmin(deps.db, deps.claims, async (tx) => {
    const deleted = await deleteArtworkById(tx, id);
    // RLS hides the row from a non-admin's delete: nothing was deleted.
    if (!deleted) throw new ArtworkNotFoundError();
    await dropRedirectsTo(tx, artworkPath(deleted));
    await queueUrlChanges(tx, artworkChangePaths([deleted]));
    return deleted;
  });
  deps.invalidate({ slugs: [row.slug], redirects: true });
  await removeImageFiles(deps, imageFiles(row), { artworkId: row.id, reason: 'artwork deleted' });
  return { id: row.id, slug: row.slug };
}
