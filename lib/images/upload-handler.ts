import { readCapped } from '@/lib/http/read-capped';
import { logger } from '@/lib/log/logger';
import { storage as defaultStorage, type StoragePort } from '@/lib/storage';
import { ImageRejectedError, ImageStorageError, MAX_UPLOAD_BYTES, processArtworkImage, tooLargeMessage, type ProcessedImage } from './process';

/** The file plus multipart boundaries, part headers and the path field. */
export const MAX_REQUEST_BYTES = MAX_UPLOAD_BYTES + 256 * 1024;
export const noFileMessage = 'No file provided for upload.';

const json = (body: unknown, status: number) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

export type UploadDeps = {
  storage?: StoragePort;
  /** Records the stored image as a pending upload and returns its id (lib/uploads/pending.ts). */
  record: (image: ProcessedImage) => Promise<string>;
  /** Files of this admin's expired, never-saved uploads, to remove now. */
  takeExpired?: () => Promise<string[]>;
};

/**
 * POST /api/upload-artwork-image (multipart: `file`, and `path` = '{category-slug}/{slug}').
 * Call it only behind adminRoute(): the body is read after the admin check, never before.
 * Answers 200 with the stored URLs and `uploadId`, the only thing a save accepts; 400/413/415/
 * 422 { error } for a refused upload, and 500 { error } when storage failed (nothing is left
 * behind).
 */
export async function handleArtworkUpload(request: Request, deps: UploadDeps): Promise<Response> {
  const store = deps.storage ?? defaultStorage();
  // Refuse an oversized body before reading a byte of it, when the client says its size...
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > MAX_REQUEST_BYTES) return json({ error: tooLargeMessage }, 413);
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) return json({ error: noFileMessage }, 400);

  // ...and, when it does not (chunked), stop reading once it passes the cap.
  const body = await readCapped(request.body, MAX_REQUEST_BYTES);
  if (!body) return json({ error: tooLargeMessage }, 413);

  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return json({ error: 'Upload failed: the request could not be read as a file upload.' }, 400);
  }
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) return json({ error: noFileMessage }, 400);
  const basePath = form.get('path');
  if (typeof basePath !== 'string' || !basePath) return json({ error: 'Upload failed: no upload path given ({category}/{slug}).' }, 422);

  const timings: Record<string, number> = {};
  try {
    const result = await processArtworkImage(new Uint8Array(await file.arrayBuffer()), {
      basePath,
      storage: store,
      onStep: (step, ms) => {
        timings[step] = Math.round(ms);
      },
    });
    let uploadId: string;
    try {
      uploadId = await deps.record(result);
    } catch (error) {
      await store.remove([result.publicUrl, result.image_thumb_800_url, result.image_thumb_400_url, result.image_original_url]).catch(() => undefined);
      throw new ImageStorageError(error);
    }
    logger.info({ feature: 'upload', basePath, bytes: file.size, width: result.width, height: result.height, timings }, 'artwork image uploaded');
    await removeExpiredUploads(store, deps.takeExpired);
    return json({ ...result, uploadId }, 200);
  } catch (error) {
    if (error instanceof ImageRejectedError) {
      logger.info({ feature: 'upload', basePath, bytes: file.size, reason: error.message }, 'artwork image refused');
      return json({ error: error.message }, error.status);
    }
    if (error instanceof ImageStorageError) {
      logger.error({ err: error.cause, feature: 'upload', basePath }, 'artwork image storage failed');
      return json({ error: error.message }, 500);
    }
    throw error;
  }
}

/** Housekeeping on the upload path: never fails the upload that triggered it. */
async function removeExpiredUploads(store: StoragePort, takeExpired: UploadDeps['takeExpired']): Promise<void> {
  if (!takeExpired) return;
  try {
    const files = await takeExpired();
    if (files.length > 0) await store.remove(files);
  } catch (error) {
    logger.warn({ err: error, feature: 'upload' }, 'removing expired uploads failed');
  }
}

