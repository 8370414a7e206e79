import { isDeepStrictEqual } from 'node:util';
import { UserFacingError } from '@/lib/http/user-facing-error';
import { artworkChangePaths } from '@/lib/search-engines/changes';
import { getArtworkById, updateArtwork, type Artwork, type ArtworkWrite } from '@/lib/artworks';
import { asAdmin } from '@/lib/db/roles';
import { previousContentSchema, type RetrofitDeps } from './retrofit';

export type RestoreDeps = Pick<RetrofitDeps, 'db' | 'claims' | 'invalidate' | 'queueChanges'>;

/** The retrofit's record on an artwork, when there is one to restore. */
export function retrofitRecord(artwork: Pick<Artwork, 'previousContent'>) {
  const parsed = previousContentSchema.safeParse(artwork.previousContent);
  return parsed.success ? parsed.data : null;
}

/**
 * 'Restore previous text': puts back what the retrofit replaced. A field the owner has edited
 * since (it no longer holds what the AI wrote) keeps her text. previous_content is cleared.
 */
export async function restorePreviousText(deps: RestoreDeps, id: string): Promise<{ restored: string[] }> {
  const outcome = await asAdmin(deps.db, deps.claims, async (tx) => {
    const row = await getArtworkById(tx, id);
    if (!row) throw new UserFacingError('Artwork not found.');
    const record = retrofitRecord(row);
    if (!record) throw new UserFacingError('There is no earlier text to restore.');
    const values: Record<string, unknown> = {};
    for (const [field, applied] of Object.entries(record.applied)) {
      if (!(field in row)) continue;
      if (isDeepStrictEqual(normalise(row[field as keyof Artwork]), normalise(applied)))
        values[field] = record.previous[field] ?? emptyOf(row[field as keyof Artwork]);
    }
    await updateArtwork(tx, id, { ...(values as Partial<ArtworkWrite>), previousContent: null });
    if (row.status === 'published' && !row.isArchived) await deps.queueChanges(tx, artworkChangePaths([row]));
    return { slug: row.slug, restored: Object.keys(values) };
  });
  deps.invalidate({ slugs: [outcome.slug], redirects: false });
  return { restored: outcome.restored };
}

const normalise = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));
const emptyOf = (current: unknown) => (Array.isArray(current) ? [] : null);
