import crypto from 'node:crypto';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import type { StoragePort } from '@/lib/storage/port';

/** The upload limit (docs/product.md, Validation): 'Please upload an image smaller than 10MB.' */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Decoded pixels allowed: a small PNG can declare 20000x20000 and ask for gigabytes. */
export const MAX_INPUT_PIXELS = 50_000_000;
/**
 * The longest side any variant can keep (WebP's limit). A 1 x 49,000,000 PNG is under the pixel
 * limit, 95 KB on disk, and took 20 s of CPU to decode before its WebP failed: refused from the
 * header instead, like any image with a side over this.
 */
export const MAX_SIDE = 16_383;

const DISPLAY_WIDTH = 1600;
const THUMB_WIDTHS = [800, 400] as const;
const BLUR_WIDTH = 16;
// Quality 78 looks like the original at these sizes. Effort 3 (of 6) gives the same bytes as 4
// in clearly less time; 6 buys ~2% for twice the time (bench-results/upload.md).
export const WEBP_OPTIONS = { quality: 78, effort: 3 } as const;
// 'error' refuses truncated or corrupt pixel data but tolerates harmless decoder warnings
// (phones write JPEGs with stray bytes before markers).
const DECODE = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS } as const;

const ACCEPTED = {
  jpeg: { ext: 'jpg', type: 'image/jpeg' },
  png: { ext: 'png', type: 'image/png' },
  webp: { ext: 'webp', type: 'image/webp' },
} as const;
type AcceptedFormat = keyof typeof ACCEPTED;
const BASE_PATH = /^[a-z0-9][a-z0-9-]{0,99}\/[a-z0-9][a-z0-9-]{0,199}$/;

export type ProcessedImage = {
  publicUrl: string;
  image_original_url: string;
  image_thumb_400_url: string;
  image_thumb_800_url: string;
  width: number;
  height: number;
  blurDataUrl: string;
  checksum: string;
};

export type ProcessStep =
  'validate' | 'decode' | 'display' | 'thumb800' | 'thumb400' | 'blur' | 'variants' | 'store' | 'total';

export type ProcessOptions = {
  /** '{category-slug}/{artwork-slug}' */
  basePath: string;
  storage: StoragePort;
  /** The timestamp in the keys; defaults to now. */
  timestamp?: number;
  /** Called with each step's wall time in ms, for the benchmark and logs. */
  onStep?: (step: ProcessStep, ms: number) => void;
};

/** A refusal with the HTTP status and the message the upload route answers. */
export class ImageRejectedError extends Error {
  constructor(
    public readonly status: 400 | 413 | 415 | 422,
    message: string,
  ) {
    super(message);
    this.name = 'ImageRejectedError';
  }
}

/** Storing the variants failed; whatever was written has been removed again. */
export class ImageStorageError extends Error {
  constructor(cause: unknown) {
    super('Upload failed: the image could not be stored. Please try again.', { cause });
    this.name = 'ImageStorageError';
  }
}

export const tooLargeMessage = 'Image too large: Please upload an image smaller than 10MB.';

export function isValidBasePath(basePath: string): boolean {
  return BASE_PATH.test(basePath);
}

/**
 * Checks an uploaded artwork image, then writes the served WebP variants (display ~1600 wide,
 * 800 and 400 thumbnails; metadata stripped, auto-oriented, never upscaled) publicly and the
 * untouched original privately. Refusals throw ImageRejectedError before anything is written;
 * a failed write removes what was written (no orphans) and throws ImageStorageError.
 */
export async function processArtworkImage(input: Uint8Array, options: ProcessOptions): Promise<ProcessedImage> {
  const { basePath, storage, onStep } = options;
  const started = performance.now();
  let mark = started;
  const step = (name: ProcessStep) => {
    const now = performance.now();
    onStep?.(name, now - mark);
    mark = now;
  };

  // Cheap checks first, in the order a user can act on them.
  if (input.byteLength > MAX_UPLOAD_BYTES) throw new ImageRejectedError(413, tooLargeMessage);
  if (!isValidBasePath(basePath)) {
    throw new ImageRejectedError(
      422,
      `Upload failed: invalid upload path ${JSON.stringify(basePath.slice(0, 120))}. Expected {category}/{slug} in lowercase letters, digits and hyphens.`,
    );
  }
  const format = await checkHeader(input);
  step('validate');

  // Decode once (JPEG shrink-on-load makes this cheap for big photos), straight to the display
  // size, upright and in sRGB; every variant is then made from these pixels in parallel.
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(input, DECODE)
      .rotate()
      .resize({ width: DISPLAY_WIDTH, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new ImageRejectedError(
      422,
      `Upload failed: the image could not be read; the file looks damaged or incomplete (${shortReason(error)}).`,
    );
  }
  step('decode');
  const { width, height, channels } = decoded.info;
  const pixels = sharp(decoded.data, { raw: { width, height, channels } });

  const timed = async <T>(name: ProcessStep, work: Promise<T>): Promise<T> => {
    const begin = performance.now();
    const value = await work;
    onStep?.(name, performance.now() - begin);
    return value;
  };
  const [display, thumb800, thumb400, blur] = await Promise.all([
    timed('display', pixels.clone().webp(WEBP_OPTIONS).toBuffer()),
    timed(
      'thumb800',
      pixels.clone().resize({ width: THUMB_WIDTHS[0], withoutEnlargement: true }).webp(WEBP_OPTIONS).toBuffer(),
    ),
    timed(
      'thumb400',
      pixels.clone().resize({ width: THUMB_WIDTHS[1], withoutEnlargement: true }).webp(WEBP_OPTIONS).toBuffer(),
    ),
    timed('blur', pixels.clone().resize({ width: BLUR_WIDTH }).webp({ quality: 40, effort: 4 }).toBuffer()),
  ]);
  step('variants');

  const timestamp = options.timestamp ?? Date.now();
  const prefix = `${basePath}/${timestamp}`;
  const original = ACCEPTED[format];
  const writes = await Promise.allSettled([
    storage.putPublic(`${prefix}-display.webp`, display, 'image/webp'),
    storage.putPublic(`${prefix}-800.webp`, thumb800, 'image/webp'),
    storage.putPublic(`${prefix}-400.webp`, thumb400, 'image/webp'),
    storage.putPrivate(`${prefix}-original.${original.ext}`, input, original.type),
  ]);
  const failure = writes.find((write) => write.status === 'rejected');
  if (failure) {
    const written = writes.flatMap((write) => (write.status === 'fulfilled' ? [write.value] : []));
    // Best effort: the failure that matters is the one we report.
    await storage.remove(written).catch(() => undefined);
    throw new ImageStorageError(failure.reason);
  }
  const [publicUrl, url800, url400, originalRef] = writes.map(
    (write) => (write as PromiseFulfilledResult<string>).value,
  ) as [string, string, string, string];
  step('store');
  onStep?.('total', performance.now() - started);

  return {
    publicUrl,
    image_original_url: originalRef,
    image_thumb_400_url: url400,
    image_thumb_800_url: url800,
    width,
    height,
    blurDataUrl: `data:image/webp;base64,${blur.toString('base64')}`,
    checksum: crypto.createHash('sha256').update(input).digest('hex'),
  };
}

/** Reads only the header: the real format (magic bytes, not the file name) and the dimensions. */
async function checkHeader(input: Uint8Array): Promise<AcceptedFormat> {
  let metadata: Metadata;
  try {
    // Header only, no pixel limit here: the dimensions are checked below with a clear message.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    if (/unsupported image format/i.test(String(error))) throw notAnImage();
    throw new ImageRejectedError(
      422,
      `Upload failed: the image could not be read; the file looks damaged or incomplete (${shortReason(error)}).`,
    );
  }
  const format = metadata.format as string;
  if (!(format in ACCEPTED)) throw notAnImage(format);
  const { width = 0, height = 0 } = metadata;
  if (width < 1 || height < 1)
    throw new ImageRejectedError(422, 'Upload failed: the image has no readable dimensions.');
  if (width > MAX_SIDE || height > MAX_SIDE) {
    throw new ImageRejectedError(
      422,
      `Upload failed: the image is ${width} x ${height} pixels; each side may be at most ${MAX_SIDE.toLocaleString('en-GB')} pixels. Please resize it and try again.`,
    );
  }
  if (width * height > MAX_INPUT_PIXELS) {
    throw new ImageRejectedError(
      422,
      `Upload failed: the image is ${width} x ${height} pixels; the limit is ${MAX_INPUT_PIXELS / 1_000_000} megapixels. Please resize it and try again.`,
    );
  }
  return format as AcceptedFormat;
}

function notAnImage(format?: string) {
  const detected = format ? ` (it is ${format.toUpperCase()})` : '';
  return new ImageRejectedError(415, `Upload failed: the file is not a JPEG, PNG or WebP image${detected}.`);
}

function shortReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message
    .split('\n')[0]!
    .replace(/^Vips\w*:\s*/, '')
    .slice(0, 120);
}
