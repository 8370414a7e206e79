import { and, eq, lte, sql } from 'drizzle-orm';
import { UserFacingError } from '@/lib/http/user-facing-error';
import { uploadedImageSchema, type UploadedImage } from '@/lib/artworks/admin/schema';
import { imageFiles } from '@/lib/artworks/admin/images';
import type { Database, Tx } from '@/lib/db/port';
import { asAdmin, type Claims } from '@/lib/db/roles';
import { pendingUploads } from '@/lib/db/schema';

/**
 * Upload references the server issued (migration pending_uploads). The upload route records
 * what it stored and answers with the row's id; a save consumes the id and trusts only the
 * row, never URLs sent by the browser.
 */
export const uploadReferenceMessage =
  'The uploaded image could not be found or has expired. Please choose the image again.';

export class UploadReferenceError extends UserFacingError {
  constructor() {
    super(uploadReferenceMessage);
    this.name = 'UploadReferenceError';
  }
}

/** Every stored file of an upload: public variants and the private original. */
export function uploadFiles(image: UploadedImage): string[] {
  return imageFiles({
    imageUrl: image.publicUrl,
    imageThumb400Url: image.image_thumb_400_url,
    imageThumb800Url: image.image_thumb_800_url,
    imageOriginalUrl: image.image_original_url,
  });
}

export async function recordPendingUpload(db: Database, claims: Claims, image: UploadedImage): Promise<string> {
  const [row] = await asAdmin(db, claims, (tx) =>
    tx
      .insert(pendingUploads)
      .values({ userId: claims.sub, image, files: uploadFiles(image) })
      .returning({ id: pendingUploads.id }),
  );
  return row!.id;
}

/**
 * Takes the upload this admin was issued under `uploadId`, once: the row is deleted as it is
 * read, so a second save with the same reference finds nothing. Another admin's, an expired or
 * an unknown reference throws UploadReferenceError.
 */
export async function claimPendingUpload(db: Database, claims: Claims, uploadId: string): Promise<UploadedImage> {
  return asAdmin(db, claims, (tx) => claimPendingUploadIn(tx, claims, uploadId));
}

/**
 * claimPendingUpload inside the caller's transaction (an asAdmin one): the save that writes the
 * artwork takes the upload in the same transaction, so the files are referenced by the pending
 * row or by the artwork at every moment, never by neither (lib/storage/sweep.ts relies on it),
 * and a save that rolls back leaves the upload as it was.
 */
export async function claimPendingUploadIn(tx: Tx, claims: Claims, uploadId: string): Promise<UploadedImage> {
  const [row] = await tx
    .delete(pendingUploads)
    .where(
      and(
        eq(pendingUploads.id, uploadId),
        eq(pendingUploads.userId, claims.sub),
        sql`${pendingUploads.expiresAt} > now()`,
      ),
    )
    .returning({ image: pendingUploads.image });
  const image = uploadedImageSchema.safeParse(row?.image);
  if (!image.success) throw new UploadReferenceError();
  return image.data;
}

/**
 * Gives up this admin's upload without saving it: deletes its row and returns its files, which
 * nothing refers to any more. An empty list when there is no such row (another save took it, or
 * it belongs to someone else): those files are not the caller's to remove.
 */
export async function releasePendingUpload(db: Database, claims: Claims, uploadId: string): Promise<string[]> {
  const rows = await asAdmin(db, claims, (tx) =>
    tx
      .delete(pendingUploads)
      .where(and(eq(pendingUploads.id, uploadId), eq(pendingUploads.userId, claims.sub)))
      .returning({ files: pendingUploads.files }),
  );
  return rows.flatMap((row) => row.files);
}

/** Removes this admin's expired, never-saved uploads from the table; returns their files. */
export async function takeExpiredUploads(db: Database, claims: Claims): Promise<string[]> {
  const rows = await asAdmin(db, claims, (tx) =>
    tx
      .delete(pendingUploads)
      .where(and(eq(pendingUploads.userId, claims.sub), lte(pendingUploads.expiresAt, sql`now()`)))
      .returning({ files: pendingUploads.files }),
  );
  return rows.flatMap((row) => row.files);
}
