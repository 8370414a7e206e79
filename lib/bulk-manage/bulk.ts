import { UserFacingError } from '@/lib/http/user-facing-error';
import { artworkPath } from '@/lib/categories';
import { deleteTargetRows, lockTargetRows, updateTargetRows, type BulkTarget } from '@/lib/bulk-manage/queries';
import { dropRedirectsToAll, recordRedirects } from '@/lib/redirects/record';
import { asAdmin } from '@/lib/db/roles';
import { artworkChangePaths, queueUrlChanges } from '@/lib/search-engines/changes';
import type { BulkChange, BulkSelection, BulkUpdate } from './bulk-schema';
import { imageFiles, removeImageFiles, type ArtworkWriteDeps } from '@/lib/artworks';

/** What bulk writes need: what a single write does. */
export type BulkDeps = ArtworkWriteDeps;

/** Files are removed this many artworks at a time (one storage request each). */
const FILE_BATCH = 100;

export class BulkSelectionChangedError extends UserFacingError {
  constructor(selected: number, found: number) {
    super(
      `The list has changed since it was loaded: ${selected} selected, ${found} found now. Nothing was changed. Reload the page and try again.`,
    );
    this.name = 'BulkSelectionChangedError';
  }
}

/**
 * Changes category and/or price of every selected artwork in one transaction: all of them, or
 * none if anything fails. A category change moves an artwork's public page, so each one records
 * a redirect from its old path as a single edit does (docs/product.md, Saving an artwork):
 * recordRedirects is the same code as its recordRedirect, for many pages at once. The public cache
 * is invalidated once, for every artwork touched.
 */
export async function bulkUpdateArtworks(
  deps: BulkDeps,
  { selection, change }: BulkUpdate,
): Promise<{ count: number; change: BulkChange }> {
  const rows = await asAdmin(deps.db, deps.claims, async (tx) => {
    const before = await lockTargetRows(tx, targetOf(selection));
    expectSelected(selection, before.length);
    const updated = await updateTargetRows(tx, { kind: 'ids', ids: before.map((row) => row.id) }, change);
    const category = change.category;
    if (category !== undefined)
      await recordRedirects(
        tx,
        before.map((row) => ({ from: artworkPath(row), to: artworkPath({ category, slug: row.slug }) })),
      );
    await queueUrlChanges(tx, artworkChangePaths([...before, ...updated]));
    return updated;
  });
  deps.invalidate({ slugs: rows.map((row) => row.slug), redirects: change.category !== undefined });
  return { count: rows.length, change };
}

/**
 * Deletes every selected artwork in one transaction (with the redirects that led to them), then
 * their image files. Files go only after the commit, so no row is ever left without its files;
 * a file that cannot be removed is logged and left to the orphan sweep (lib/storage/sweep.ts).
 */
export async function bulkDeleteArtworks(
  deps: BulkDeps,
  { selection }: { selection: BulkSelection },
): Promise<{ count: number }> {
  const rows = await asAdmin(deps.db, deps.claims, async (tx) => {
    const deleted = await deleteTargetRows(tx, targetOf(selection));
    expectSelected(selection, deleted.length);
    await dropRedirectsToAll(tx, deleted.map(artworkPath));
    await queueUrlChanges(tx, artworkChangePaths(deleted));
    return deleted;
  });
  deps.invalidate({ slugs: rows.map((row) => row.slug), redirects: true });
  for (let i = 0; i < rows.length; i += FILE_BATCH) {
    const batch = rows.slice(i, i + FILE_BATCH);
    await removeImageFiles(deps, batch.flatMap(imageFiles), { reason: `bulk delete of ${rows.length} artworks` });
  }
  return { count: rows.length };
}

function targetOf(selection: BulkSelection): BulkTarget {
  return selection.kind === 'ids' ? { kind: 'ids', ids: selection.ids } : { kind: 'matching', q: selection.q };
}

/** Throws (rolling the transaction back) unless the rows found are the ones the admin selected. */
function expectSelected(selection: BulkSelection, found: number): void {
  const selected = selection.kind === 'ids' ? selection.ids.length : selection.expected;
  if (found !== selected) throw new BulkSelectionChangedError(selected, found);
}
