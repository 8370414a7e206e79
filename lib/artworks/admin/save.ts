import { UserFacingError } from '@/lib/http/user-facing-error';
import { artworkPath } from '@/lib/categories';
import { getArtworkById, isSlugTaken } from '@/lib/artworks/queries';
import { insertArtwork, updateArtwork, type ArtworkWrite } from '@/lib/artworks/admin/queries';
import { recordRedirect } from '@/lib/redirects/record';
import { asAdmin } from '@/lib/db/roles';
import { artworkChangePaths, queueUrlChanges } from '@/lib/search-engines/changes';
import { uniqueSlug, wantedSlug } from '@/lib/slug';
import { claimPendingUploadIn, releasePendingUpload, uploadFiles } from '@/lib/artworks/admin/pending-uploads';
import { imageFiles, removeImageFiles, type ArtworkWriteDeps } from './images';
import { artworkFormSchema, messages, type ArtworkFields, type UploadedImage, type UploadReference } from './schema';

/** `movedFrom`: the public path before this edit, when the slug or category moved it (that address now redirects). */
export type SaveArtworkResult = {
  id: string;
  slug: string;
  path: string;
  created: boolean;
  slugAdjusted: boolean;
  movedFrom?: string;
};

export type SaveDeps = ArtworkWriteDeps;

export class ArtworkNotFoundError extends UserFacingError {
  constructor() {
    super('Artwork not found.');
    this.name = 'ArtworkNotFoundError';
  }
}

const MAX_SLUG_ATTEMPTS = 5;

/**
 * Saves one artwork (docs/product.md, Saving an artwork): validate, pick a free slug, insert or
 * update, record a redirect when its public path moved, all in one transaction as the admin. The
 * image is the upload the server issued under `image.uploadId`, taken once, inside that
 * transaction; anything else is refused. If the save fails, the upload is given up and its files
 * removed, and only those; after a successful edit with a new image the old files are removed.
 *
 * Files are removed only once no row refers to them: the replaced image's after the commit, a
 * failed save's upload after its pending row is gone. Whatever a crash or an outage leaves
 * behind is unreferenced, and the orphan sweep (lib/storage/sweep.ts) removes it.
 */
export async function saveArtworkRecord(
  deps: SaveDeps,
  input: { id?: string; fields: unknown; image?: UploadReference | null },
): Promise<SaveArtworkResult> {
  const uploadId = input.image?.uploadId;
  const parsed = artworkFormSchema.safeParse(input.fields);
  if (!parsed.success || (!input.id && !uploadId)) {
    await giveUpUpload(deps, uploadId, input.id);
    throw new UserFacingError(
      parsed.success ? messages.imageRequired : (parsed.error.issues[0]?.message ?? messages.validationError),
    );
  }
  let outcome: Awaited<ReturnType<typeof writeWithFreeSlug>>;
  try {
    outcome = await writeWithFreeSlug(deps, input.id, parsed.data, uploadId);
  } catch (error) {
    await giveUpUpload(deps, uploadId, input.id);
    throw error;
  }
  deps.invalidate({
    slugs: [outcome.previousSlug, outcome.slug].filter((s): s is string => Boolean(s)),
    redirects: true,
  });
  if (outcome.uploaded.length > 0) {
    await removeImageFiles(
      deps,
      outcome.previousFiles.filter((file) => !outcome.uploaded.includes(file)),
      { artworkId: outcome.id, reason: 'replaced image' },
    );
  }
  return {
    id: outcome.id,
    slug: outcome.slug,
    path: outcome.path,
    created: outcome.created,
    slugAdjusted: outcome.slugAdjusted,
    movedFrom: outcome.movedFrom,
  };
}

/**
 * After a failed save: deletes the upload's pending row, then removes its files. No row found
 * means the files are not this save's to remove: another save took the upload, or this one
 * did commit and only its answer was lost (a connection dropped at COMMIT), so an artwork
 * shows them now. If the row cannot be deleted (the database is down), the files stay with
 * their row until it expires, then go with the next upload or the sweep.
 */
async function giveUpUpload(
  deps: SaveDeps,
  uploadId: string | undefined,
  artworkId: string | undefined,
): Promise<void> {
  if (!uploadId) return;
  let files: string[];
  try {
    files = await releasePendingUpload(deps.db, deps.claims, uploadId);
  } catch (error) {
    await deps.log({
      level: 'warn',
      feature: 'artwork-images',
      message: `The upload of a failed save stays until it expires: ${error instanceof Error ? error.message : String(error)}`,
      meta: { artworkId, uploadId },
    });
    return;
  }
  await removeImageFiles(deps, files, { artworkId, reason: 'save failed after upload' });
}

/**
 * Two saves can pick the same free slug at once; the unique index lets one win and the other
 * fails with 23505, so it starts again and now sees the winner's slug taken.
 */
async function writeWithFreeSlug(
  deps: SaveDeps,
  id: string | undefined,
  fields: ArtworkFields,
  uploadId: string | undefined,
) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await asAdmin(deps.db, deps.claims, async (tx) => {
        const image = uploadId ? await claimPendingUploadIn(tx, deps.claims, uploadId) : null;
        const existing = id ? await getArtworkById(tx, id) : null;
        if (id && !existing) throw new ArtworkNotFoundError();
        // A slug that cleans to nothing ('!!!') is derived from the title, not 'artwork'.
        const wanted = wantedSlug(fields.slug, fields.title);
        const slug = await uniqueSlug(wanted, (candidate) => isSlugTaken(tx, candidate, id));
        const values = { ...toColumns(fields, slug), ...(image ? imageColumns(image) : {}) };
        let saved: { id: string; slug: string } | null;
        if (existing) {
          saved = await updateArtwork(tx, existing.id, values);
          // RLS hides the row from a non-admin's update: nothing changed.
          if (!saved) throw new ArtworkNotFoundError();
        } else {
          saved = await insertArtwork(tx, { ...values, status: 'published', publishedAt: new Date() });
        }
        const path = artworkPath({ category: fields.category, slug: saved.slug });
        if (existing) await recordRedirect(tx, artworkPath(existing), path);
        // For search engines: the old path too when it moved (now a 308), in this transaction.
        await queueUrlChanges(tx, artworkChangePaths([existing, { category: fields.category, slug: saved.slug }]));
        return {
          id: saved.id,
          slug: saved.slug,
          path,
          created: !existing,
          // Only a clash adjusts a slug: the cleaning the slug field shows as it is typed does not count.
          slugAdjusted: saved.slug !== wanted,
          movedFrom: existing && artworkPath(existing) !== path ? artworkPath(existing) : undefined,
          previousSlug: existing?.slug,
          previousFiles: existing ? imageFiles(existing) : [],
          uploaded: image ? uploadFiles(image) : [],
        };
      });
    } catch (error) {
      if (attempt < MAX_SLUG_ATTEMPTS && isSlugConflict(error)) continue;
      throw error;
    }
  }
}

function isSlugConflict(error: unknown): boolean {
  for (
    let e = error as { code?: string; constraint?: string; constraint_name?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return (e.constraint_name ?? e.constraint) === 'artworks_slug_key';
  }
  return false;
}

function imageColumns(image: UploadedImage): Partial<ArtworkWrite> {
  return {
    imageUrl: image.publicUrl,
    imageOriginalUrl: image.image_original_url ?? null,
    imageThumb400Url: image.image_thumb_400_url ?? null,
    imageThumb800Url: image.image_thumb_800_url ?? null,
    imageWidth: image.width ?? null,
    imageHeight: image.height ?? null,
    imageBlurDataUrl: image.blurDataUrl ?? null,
    imageChecksum: image.checksum ?? null,
  };
}

function toColumns(fields: ArtworkFields, slug: string): ArtworkWrite {
  return { ...fields, slug };
}
