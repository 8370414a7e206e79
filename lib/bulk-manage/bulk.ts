import { UserFacingError } from '@/lib/actions/user-facing-error';
import { artworkPath } from '@/lib/categories';
import type { Tx } from '@/lib/db/port';
import { deleteTargetRows, lockTargetRows, updateTargetRows, type BulkTarget } from '@/lib/db/queries/artworks-bulk';
import { dropRedirectsToAll, recordRedirects } from '@/lib/db/queries/redirects-admin';
import { asAdmin } from '@/lib/db/roles';
import { artworkChangePaths, queueUrlChanges } from '@/lib/sitemap/changes';
import type { BulkChange, BulkSelection, BulkUpdate } from './bulk-schema';
import { imageFiles, removeImageFiles, type ArtworkWriteDeps } from '../artworks/admin/images';

/**
 * The points between the steps of each bulk write, in order, where fault tests stop it
 * (lib/bulk-manage/bulk.test.ts). `after-update` and `after-delete` are half-way: the rows
 * are written inside the open transaction, the redirects not yet.
 */
export const bulkWriteSteps = {
  'bulk-update': ['before-write', 'after-update', 'before-commit', 'after-commit'],
  'bulk-delete': ['before-write', 'after-delete', 'before-commit', 'after-commit', 'before-files-removed'],
} as const;
export type BulkWriteStep = { [W in keyof typeof bulkWriteSteps]: `${W}:${(typeof bulkWriteSteps)[W][number]}` }[keyof typeof bulkWriteSteps];

/** What bulk writes need: those of a single write, with a fault seam of their own. */
export type BulkDeps = Omit<ArtworkWriteDeps, 'at'> & { at?: (step: BulkWriteStep, tx?: Tx) => Promise<void> | void };

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
export async function bulkUpdateArtworks(deps: BulkDeps, { selection, change }: BulkUpdate): Promise<{ count: number; change: BulkChange }> {
  const rows = await asAdmin(deps.db, deps.claims, async (tx) => {
    await deps.at?.('bulk-update:before-write', tx);
    const before = await lockTargetRows(tx, targetOf(selection));
    expectSelected(selection, before.length);
    const updated = await updateTargetRows(tx, { kind: 'ids', ids: before.map((row) => row.id) }, change);
    await deps.at?.('bulk-update:after-update', tx);
    const category = change.category;
    if (category !== undefined) await recordRedirects(tx, before.map((row) => ({ from: artworkPath(row), to: artworkPath({ category, slug: row.slug }) })));
    await queueUrlChanges(tx, artworkChangePaths([...before, ...updated]));
    await deps.at?.('bulk-update:before-commit', tx);
    return updated;
  });
  await deps.at?.('bulk-update:after-commit');
  deps.invalidate({ slugs: rows.map((row) => row.slug), redirects: change.category !== undefined });
  return { count: rows.length, change };
}

/**
 * Deletes every selected artwork in one transaction (with the redirects that led to them), then
 * their image files. Files go only after the commit, so no row is ever left without its files;
 * a file that cannot be removed is logged and left to the orphan sweep (lib/storage/sweep.ts).
 */
export async function bulkDeleteArtworks(deps: BulkDeps, { selection }: { selection: BulkSelection }): Promise<{ count: number }> {
  const rows = await asAdmin(deps.db, deps.claims, async (tx) => {
    await deps.at?.('bulk-delete:before-write', tx);
    const deleted = await deleteTargetRows(tx, targetOf(selection));
    expectSelected(selection, deleted.length);
    await deps.at?.('bulk-delete:after-delete', tx);
    await dropRedirectsToAll(tx, deleted.map(artworkPath));
    await queueUrlChanges(tx, artworkChangePaths(deleted));
    await deps.at?.('bulk-delete:before-commit', tx);
    return deleted;
  });
  await deps.at?.('bulk-delete:after-commit');
  deps.invalidate({ slugs: rows.map((row) => row.slug), redirects: true });
  await deps.at?.('bulk-delete:before-files-removed');
  // Only what removeImageFiles uses: the `at` seam of single writes is not this one.
  const fileDeps = { db: deps.db, claims: deps.claims, storage: deps.storage, invalidate: deps.invalidate, log: deps.log };
  for (let i = 0; i < rows.length; i += FILE_BATCH) {
    const batch = rows.slice(i, i + FILE_BATCH);
    await removeImageFiles(fileDeps, batch.flatMap(imageFiles), { reason: `bulk delete of ${rows.length} artworks` });
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
