import { z } from 'zod';
import { env, type Env } from '@/lib/env';
import { readCapped, type BodyDeadlines } from '@/lib/http/read-capped';
import { logger } from '@/lib/log/logger';
import { storage as defaultStorage, type DirectUploads, type StoragePort } from '@/lib/storage';
import { STAGING_KEY } from '@/lib/storage/port';
import {
  ImageRejectedError,
  ImageStorageError,
  MAX_UPLOAD_BYTES,
  processArtworkImage,
  tooLargeMessage,
  type ProcessedImage,
} from './process';

/** The file plus multipart boundaries, part headers and the path field. */
export const MAX_REQUEST_BYTES = MAX_UPLOAD_BYTES + 256 * 1024;
export const noFileMessage = 'No file provided for upload.';

/**
 * How long an upload's body may take (UPLOAD_IDLE_SECONDS, UPLOAD_TOTAL_SECONDS; lib/env.ts).
 * By default a whole one (10 MB and its framing) may take three minutes: 86 s at 1 Mbit/s, a
 * slow phone uplink, twice over, and still well before Node's own requestTimeout (300 s), which
 * would drop the request without an answer. Half a minute without a single byte is a dead link:
 * a phone changing cells stalls for seconds.
 */
export function uploadDeadlines(
  config: Pick<Env, 'UPLOAD_IDLE_SECONDS' | 'UPLOAD_TOTAL_SECONDS'> = env(),
): BodyDeadlines {
  return { idleMs: config.UPLOAD_IDLE_SECONDS * 1000, totalMs: config.UPLOAD_TOTAL_SECONDS * 1000 };
}

const duration = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  if (seconds % 60 !== 0) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
};

export function tooSlowMessage({ idleMs, totalMs }: BodyDeadlines): string {
  return `Upload failed: the file arrived too slowly (nothing for ${duration(idleMs)}, or not all of it within ${duration(totalMs)}). Please try again on a steadier connection.`;
}

const json = (body: unknown, status: number) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

export type UploadDeps = {
  storage?: StoragePort;
  /** Records the stored image as a pending upload and returns its id (lib/artworks/admin/pending-uploads.ts). */
  record: (image: ProcessedImage) => Promise<string>;
  /** Files of this admin's expired, never-saved uploads, to remove now. */
  takeExpired?: () => Promise<string[]>;
  /** Uploads straight to storage (Supabase mode): where a staged file is read from. */
  direct?: DirectUploads;
  /** uploadDeadlines() unless given. */
  deadlines?: BodyDeadlines;
};

/** The JSON body that names a file the browser put in storage itself (lib/storage/port.ts DirectUploads). */
const stagedUploadSchema = z.object({
  staged: z.string().regex(STAGING_KEY, 'not a staged upload'),
  path: z.string().min(1).max(300),
});
export const stagedNotFoundMessage =
  'Upload failed: the uploaded file was not found in storage. Please choose it again.';

type UploadSource = { bytes: Uint8Array; basePath: string; done?: () => Promise<void> };

/**
 * POST /api/upload-artwork-image (multipart: `file`, and `path` = '{category-slug}/{slug}'; or,
 * where storage takes uploads from the browser, JSON `{ staged, path }` naming the staged file).
 * Call it only behind adminRoute(): the body is read after the admin check, never before.
 * Answers 200 with the stored URLs and `uploadId`, the only thing a save accepts; 400/408/413/
 * 415/422 { error } for a refused upload (408: the body stalled or trickled past its deadlines),
 * and 500 { error } when storage or the upload's record failed. Files stored before a failed
 * record stay for the orphan sweep (lib/storage/sweep.ts): a record whose answer was lost may have
 * committed, and its row then refers to them until it expires.
 */
export async function handleArtworkUpload(request: Request, deps: UploadDeps): Promise<Response> {
  const store = deps.storage ?? defaultStorage();
  const deadlines = deps.deadlines ?? uploadDeadlines();
  const source = /^application\/json\s*(;|$)/i.test(request.headers.get('content-type') ?? '')
    ? await stagedSource(request, deps.direct, deadlines)
    : await multipartSource(request, deadlines);
  if (source instanceof Response) return source;
  try {
    return await processUpload(source.bytes, source.basePath, store, deps);
  } finally {
    await source.done?.();
  }
}

/**
 * JSON `{ staged, path }`: the browser put the file in storage itself (Supabase mode, where a
 * function's request body cannot hold 10 MB). It is read from there, and removed once processed
 * or refused: what stays is what processing stores, as for any upload.
 */
async function stagedSource(
  request: Request,
  direct: DirectUploads | undefined,
  deadlines: BodyDeadlines,
): Promise<UploadSource | Response> {
  if (!direct)
    return json({ error: 'Upload failed: this site takes the file in the request itself (multipart).' }, 400);
  const read = await readCapped(request.body, 4096, deadlines);
  if (!read.ok && read.reason === 'too-slow') return json({ error: tooSlowMessage(deadlines) }, 408);
  let input: unknown;
  try {
    input = read.ok ? JSON.parse(new TextDecoder().decode(read.body)) : null;
  } catch {
    input = null;
  }
  const parsed = stagedUploadSchema.safeParse(input);
  if (!parsed.success)
    return json(
      { error: 'Upload failed: the request does not name a staged upload and its path ({category}/{slug}).' },
      400,
    );
  const { staged, path } = parsed.data;
  const bytes = await direct.readStaged(staged);
  const done = () =>
    direct
      .removeStaged(staged)
      .catch((error: unknown) =>
        logger.warn({ err: error, feature: 'upload', staged }, 'removing a staged upload failed'),
      );
  if (!bytes || bytes.byteLength === 0) return json({ error: stagedNotFoundMessage }, 400);
  if (bytes.byteLength > MAX_UPLOAD_BYTES) {
    await done();
    return json({ error: tooLargeMessage }, 413);
  }
  return { bytes, basePath: path, done };
}

/** multipart/form-data with `file` and `path`: the file in the request itself. */
async function multipartSource(request: Request, deadlines: BodyDeadlines): Promise<UploadSource | Response> {
  // Refuse an oversized body before reading a byte of it, when the client says its size...
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > MAX_REQUEST_BYTES) return json({ error: tooLargeMessage }, 413);
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) return json({ error: noFileMessage }, 400);

  // ...and, when it does not (chunked), stop reading once it passes the cap; a body that stalls
  // or trickles is given up at its deadline.
  const read = await readCapped(request.body, MAX_REQUEST_BYTES, deadlines);
  if (!read.ok)
    return read.reason === 'too-large'
      ? json({ error: tooLargeMessage }, 413)
      : json({ error: tooSlowMessage(deadlines) }, 408);

  let form: FormData;
  try {
    form = await new Response(read.body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return json({ error: 'Upload failed: the request could not be read as a file upload.' }, 400);
  }
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) return json({ error: noFileMessage }, 400);
  const basePath = form.get('path');
  if (typeof basePath !== 'string' || !basePath)
    return json({ error: 'Upload failed: no upload path given ({category}/{slug}).' }, 422);
  return { bytes: new Uint8Array(await file.arrayBuffer()), basePath };
}

async function processUpload(
  bytes: Uint8Array,
  basePath: string,
  store: StoragePort,
  deps: UploadDeps,
): Promise<Response> {
  const timings: Record<string, number> = {};
  try {
    const result = await processArtworkImage(bytes, {
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
      throw new ImageStorageError(error);
    }
    logger.info(
      { feature: 'upload', basePath, bytes: bytes.byteLength, width: result.width, height: result.height, timings },
      'artwork image uploaded',
    );
    await removeExpiredUploads(store, deps.takeExpired);
    return json({ ...result, uploadId }, 200);
  } catch (error) {
    if (error instanceof ImageRejectedError) {
      logger.info(
        { feature: 'upload', basePath, bytes: bytes.byteLength, reason: error.message },
        'artwork image refused',
      );
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
