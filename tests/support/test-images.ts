import zlib from 'node:zlib';
import sharp from 'sharp';

/** Images for tests and the benchmark, made on the fly (no binary fixtures in the repository). */

/** A photo-like JPEG: random noise compresses badly, like real detail. */
export function noisyJpeg(width: number, height: number, quality = 90): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg({ quality })
    .toBuffer();
}

/** A JPEG whose left half is red and right half blue, for checking orientation. */
export function twoToneJpeg(width: number, height: number): Promise<Buffer> {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([{ input: { create: { width: half, height, channels: 3, background: '#ff0000' } }, left: 0, top: 0 }])
    .jpeg({ quality: 95 })
    .toBuffer();
}

/**
 * A valid PNG that declares width x height pixels (1-bit greyscale, all black): a few hundred
 * kilobytes on disk that would decode to gigabytes. Built by hand, row by row, because asking
 * an encoder for 400 megapixels would itself take the time and memory being guarded against.
 */
export function decompressionBombPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8)); // filter byte 0 + packed bits
  const raw = Buffer.alloc(row.length * height);
  const idat = zlib.deflateSync(raw, { level: 9 });
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const svgImage = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#4a7"/></svg>',
);
