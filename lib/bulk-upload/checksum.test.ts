import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processArtworkImage } from '@/lib/images/process';
import { twoToneJpeg } from '@/tests/support/test-images';
import { createLocalStorage } from '@/lib/storage/local-adapter';
import { sha256Hex } from './checksum';

const scratch = path.join(os.tmpdir(), `bulk-checksum-${process.pid}-${Date.now()}`);
afterAll(() => fs.rm(scratch, { recursive: true, force: true }));

describe('browser checksum of a queued file', () => {
  it('is the checksum the upload pipeline records for the same file', async () => {
    const jpeg = await twoToneJpeg(640, 480);
    const stored = await processArtworkImage(new Uint8Array(jpeg), {
      basePath: 'landscapes/checksum',
      storage: createLocalStorage(scratch),
    });
    expect(await sha256Hex(new File([new Uint8Array(jpeg)], 'a.jpg', { type: 'image/jpeg' }))).toBe(stored.checksum);
  });
});
