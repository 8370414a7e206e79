import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalStorage } from '@/lib/storage/local-adapter';
import type { StoragePort } from '@/lib/storage/port';
import { ImageRejectedError, ImageStorageError, MAX_UPLOAD_BYTES, processArtworkImage } from './process';
import { decompressionBombPng, noisyJpeg, svgImage, twoToneJpeg } from '@/tests/support/test-images';

// The /media route reads DATA_DIR through env(): point it at a scratch folder before any import uses it.
// The scratch folder is this file's alone, two levels above the storage root, so a path that
// climbs out of the root (`../../x.jpg`) still lands inside it, where the test can look: the
// system's temp folder itself is shared and may hold a million files.
const scratch = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? '/tmp'}/uploads-process-${process.pid}-${Date.now()}`;
  process.env.DATA_DIR = `${dir}/site/data`;
  return dir;
});
const dataDir = path.join(scratch, 'site', 'data');
const root = path.join(dataDir, 'uploads');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    // A folder not made yet holds no files; any other error is the test's to report.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function refusal(
  input: Uint8Array,
  basePath = 'landscapes/misty-hills',
  store: StoragePort = createLocalStorage(root),
) {
  const error = await processArtworkImage(input, { basePath, storage: store }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  return error as ImageRejectedError;
}

beforeEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});
afterAll(async () => {
  await fs.rm(scratch, { recursive: true, force: true });
});

describe('processArtworkImage: refusals write nothing', () => {
  it('refuses a .jpg that is really text (magic bytes, not the name)', async () => {
    const error = await refusal(Buffer.from('Dear Elena, this is not a picture at all.\n'.repeat(20)));
    expect(error.status).toBe(415);
    expect(error.message).toBe('Upload failed: the file is not a JPEG, PNG or WebP image.');
    expect(await filesUnder(root)).toEqual([]);
  });

  it('refuses an 11 MB file before looking at it', async () => {
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const error = await refusal(big);
    expect(error.status).toBe(413);
    expect(error.message).toBe('Image too large: Please upload an image smaller than 10MB.');
    expect(await filesUnder(root)).toEqual([]);
  });

  it('refuses a 12000 x 12000 PNG quickly, from its header, without decoding it', async () => {
    const bomb = decompressionBombPng(12000, 12000);
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const error = await refusal(bomb);
    expect(performance.now() - started).toBeLessThan(1000); // decoding 144 MP would take many seconds and gigabytes
    expect(error.status).toBe(422);
    expect(error.message).toBe(
      'Upload failed: the image is 12000 x 12000 pixels; the limit is 50 megapixels. Please resize it and try again.',
    );
    expect(await filesUnder(root)).toEqual([]);
  });

  it('refuses a 1 x 49,000,000 PNG (under the pixel limit) at once, from its header: each side is capped', async () => {
    const needle = decompressionBombPng(1, 49_000_000);
    expect(needle.byteLength).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const error = await refusal(needle);
    expect(performance.now() - started).toBeLessThan(3_000); // decoding it took 20 s of CPU
    expect(error.status).toBe(422);
    expect(error.message).toBe(
      'Upload failed: the image is 1 x 49000000 pixels; each side may be at most 16,383 pixels. Please resize it and try again.',
    );
    expect(await filesUnder(root)).toEqual([]);
  });

  it('refuses a truncated JPEG', async () => {
    const jpeg = await noisyJpeg(1200, 800);
    const error = await refusal(jpeg.subarray(0, Math.floor(jpeg.byteLength / 2)));
    expect(error.status).toBe(422);
    expect(error.message).toMatch(
      /^Upload failed: the image could not be read; the file looks damaged or incomplete \(.*premature end.*\)\.$/i,
    );
    expect(await filesUnder(root)).toEqual([]);
  });

  it('refuses SVG, GIF and AVIF input', async () => {
    const pixel = { create: { width: 8, height: 8, channels: 3 as const, background: '#fff' } };
    const cases: [Uint8Array, string][] = [
      [svgImage, 'SVG'],
      [await sharp(pixel).gif().toBuffer(), 'GIF'],
      [await sharp(pixel).avif().toBuffer(), 'HEIF'],
    ];
    for (const [input, kind] of cases) {
      const error = await refusal(input);
      expect(error.status).toBe(415);
      expect(error.message).toBe(`Upload failed: the file is not a JPEG, PNG or WebP image (it is ${kind}).`);
    }
    expect(await filesUnder(root)).toEqual([]);
  });

  it('refuses a path like ../../x.jpg, and anything but {category}/{slug}', async () => {
    const jpeg = await noisyJpeg(300, 200);
    for (const bad of [
      '../../x.jpg',
      'landscapes/../../x',
      'landscapes',
      'Landscapes/Misty',
      'a/b/c',
      '/landscapes/misty',
      'landscapes/misty hills',
      '-x/y',
      '',
    ]) {
      const error = await refusal(jpeg, bad);
      expect(error.status).toBe(422);
      expect(error.message).toMatch(
        /^Upload failed: invalid upload path ".*"\. Expected \{category\}\/\{slug\} in lowercase letters, digits and hyphens\.$/,
      );
    }
    expect(await filesUnder(root)).toEqual([]);
    // Nothing written above the storage root either, where `../../x.jpg` and `landscapes/../../x` lead.
    expect(await filesUnder(scratch)).toEqual([]);
  });
});

describe('processArtworkImage: what it writes', () => {
  it('writes display, 800 and 400 WebP variants publicly and keeps the original privately', async () => {
    const input = await noisyJpeg(3000, 2000);
    const result = await processArtworkImage(input, {
      basePath: 'landscapes/misty-hills',
      storage: createLocalStorage(root),
      timestamp: 1700000000000,
    });
    expect(result).toEqual({
      publicUrl: '/media/landscapes/misty-hills/1700000000000-display.webp',
      image_thumb_800_url: '/media/landscapes/misty-hills/1700000000000-800.webp',
      image_thumb_400_url: '/media/landscapes/misty-hills/1700000000000-400.webp',
      image_original_url: 'private:landscapes/misty-hills/1700000000000-original.jpg',
      width: 1600,
      height: 1067,
      blurDataUrl: expect.stringMatching(/^data:image\/webp;base64,[A-Za-z0-9+/=]+$/),
      checksum: crypto.createHash('sha256').update(input).digest('hex'),
    });
    expect(await filesUnder(root)).toEqual([
      'private/landscapes/misty-hills/1700000000000-original.jpg',
      'public/landscapes/misty-hills/1700000000000-400.webp',
      'public/landscapes/misty-hills/1700000000000-800.webp',
      'public/landscapes/misty-hills/1700000000000-display.webp',
    ]);
    const widths = await Promise.all(
      ['display', '800', '400'].map(async (variant) => {
        const meta = await sharp(
          path.join(root, `public/landscapes/misty-hills/1700000000000-${variant}.webp`),
        ).metadata();
        expect(meta.format).toBe('webp');
        return meta.width;
      }),
    );
    expect(widths).toEqual([1600, 800, 400]);
    const blur = await sharp(Buffer.from(result.blurDataUrl.split(',')[1]!, 'base64')).metadata();
    expect(blur.width).toBe(16);
    expect(result.blurDataUrl.length).toBeLessThan(400);
    // The original is kept byte for byte.
    expect(
      (await fs.readFile(path.join(root, 'private/landscapes/misty-hills/1700000000000-original.jpg'))).equals(input),
    ).toBe(true);
  });

  it('serves the variants through /media but never the original', async () => {
    const { GET } = await import('@/app/media/[...path]/route');
    const input = await noisyJpeg(900, 600);
    const result = await processArtworkImage(input, {
      basePath: 'florals/rose',
      storage: createLocalStorage(root),
      timestamp: 42,
    });
    const get = (url: string) =>
      GET(new Request(`http://localhost${url}`), {
        params: Promise.resolve({ path: url.replace(/^\/media\//, '').split('/') }),
      });
    expect((await get(result.publicUrl)).status).toBe(200);
    const originalKey = result.image_original_url.replace(/^private:/, '');
    expect((await get(`/media/${originalKey}`)).status).toBe(404);
    expect((await get(`/media/../private/${originalKey}`)).status).toBe(404);
  });

  it('never upscales a small image', async () => {
    const result = await processArtworkImage(await noisyJpeg(500, 300), {
      basePath: 'animals/fox',
      storage: createLocalStorage(root),
      timestamp: 1,
    });
    expect([result.width, result.height]).toEqual([500, 300]);
    for (const variant of ['800', '400']) {
      const meta = await sharp(path.join(root, `public/animals/fox/1-${variant}.webp`)).metadata();
      expect(meta.width).toBe(variant === '800' ? 500 : 400);
    }
  });

  it('strips EXIF, including GPS, from everything it serves', async () => {
    const input = await sharp(await noisyJpeg(1200, 800))
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Camera 9', Copyright: 'Elena Marsh' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 27/1 3000/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 5/1 4200/100',
        },
      })
      .jpeg()
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.exif!.includes(Buffer.from('PhoneMaker'))).toBe(true);
    const result = await processArtworkImage(input, {
      basePath: 'landscapes/common',
      storage: createLocalStorage(root),
      timestamp: 7,
    });
    for (const variant of ['display', '800', '400']) {
      const file = await fs.readFile(path.join(root, `public/landscapes/common/7-${variant}.webp`));
      const meta = await sharp(file).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(file.includes(Buffer.from('PhoneMaker'))).toBe(false);
    }
    const blur = Buffer.from(result.blurDataUrl.split(',')[1]!, 'base64');
    expect((await sharp(blur).metadata()).exif).toBeUndefined();
    // The private original keeps what the camera wrote.
    expect((await sharp(path.join(root, 'private/landscapes/common/7-original.jpg')).metadata()).exif).toBeDefined();
  });

  it('turns an orientation-6 JPEG upright (width and height swap, left becomes top)', async () => {
    // Stored 600x400 with red left and blue right; orientation 6 means "rotate 90° clockwise to view".
    const input = await sharp(await twoToneJpeg(600, 400))
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const result = await processArtworkImage(input, {
      basePath: 'buildings/old-mill',
      storage: createLocalStorage(root),
      timestamp: 9,
    });
    expect([result.width, result.height]).toEqual([400, 600]);
    const display = sharp(path.join(root, 'public/buildings/old-mill/9-display.webp'));
    const meta = await display.metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([400, 600, undefined]);
    const { data } = await display
      .clone()
      .extract({ left: 200, top: 50, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200); // red on top
    expect(data[2]).toBeLessThan(60);
  });

  it('accepts PNG (with transparency) and WebP, keeping the original extension', async () => {
    const png = await sharp({
      create: { width: 640, height: 480, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const webp = await sharp(await noisyJpeg(640, 480))
      .webp()
      .toBuffer();
    const a = await processArtworkImage(png, {
      basePath: 'seascapes/tide',
      storage: createLocalStorage(root),
      timestamp: 1,
    });
    const b = await processArtworkImage(webp, {
      basePath: 'seascapes/tide',
      storage: createLocalStorage(root),
      timestamp: 2,
    });
    expect(a.image_original_url).toBe('private:seascapes/tide/1-original.png');
    expect(b.image_original_url).toBe('private:seascapes/tide/2-original.webp');
    expect((await sharp(path.join(root, 'public/seascapes/tide/1-display.webp')).metadata()).hasAlpha).toBe(true);
  });
});

describe('processArtworkImage: storage failures leave nothing behind', () => {
  it('removes what was written when the 3rd write fails', async () => {
    const local = createLocalStorage(root);
    let writes = 0;
    const failing: StoragePort = {
      ...local,
      async putPublic(key, data, type) {
        if (++writes === 3) throw new Error('disk full');
        return local.putPublic(key, data, type);
      },
      async putPrivate(key, data, type) {
        if (++writes === 3) throw new Error('disk full');
        return local.putPrivate(key, data, type);
      },
    };
    const error = await processArtworkImage(await noisyJpeg(1000, 700), {
      basePath: 'landscapes/misty-hills',
      storage: failing,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageStorageError);
    expect((error as Error).message).toBe('Upload failed: the image could not be stored. Please try again.');
    expect(((error as Error).cause as Error).message).toBe('disk full');
    expect(writes).toBe(4);
    expect(await filesUnder(root)).toEqual([]);
  });

  it('accepts a file of exactly 10 MB', async () => {
    // A real JPEG padded with zeros to the limit: bytes after its end marker are ignored by decoders.
    const jpeg = await noisyJpeg(1600, 1200, 95);
    const exact = new Uint8Array(MAX_UPLOAD_BYTES);
    exact.set(jpeg);
    const result = await processArtworkImage(exact, {
      basePath: 'landscapes/limit',
      storage: createLocalStorage(root),
      timestamp: 3,
    });
    expect(result.width).toBe(1600);
  });
});
