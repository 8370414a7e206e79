import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readTar, TarWriter } from './tar';

const run = promisify(execFile);
// Storage keys may be 400 characters: longer than ustar's 100-byte name field.
const longName = `uploads/public/${'a'.repeat(120)}/${'b'.repeat(150)}.webp`;

async function archive(files: [string, Buffer][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const writer = new TarWriter(out);
  for (const [name, data] of files) await writer.add(name, data);
  await writer.finish();
  return Buffer.concat(chunks);
}

async function entries(tar: Buffer, chunkSize = 777): Promise<[string, string][]> {
  const found: [string, string][] = [];
  const chunks = Array.from({ length: Math.ceil(tar.length / chunkSize) }, (_, i) =>
    tar.subarray(i * chunkSize, (i + 1) * chunkSize),
  );
  await readTar(Readable.from(chunks), async (entry, body) => {
    const parts: Buffer[] = [];
    for await (const chunk of body) parts.push(chunk);
    found.push([entry.name, Buffer.concat(parts).toString()]);
  });
  return found;
}

describe('tar for backups', () => {
  const files: [string, Buffer][] = [
    ['db.tar', Buffer.from('x'.repeat(1300))],
    [longName, Buffer.from('long')],
    ['empty', Buffer.alloc(0)],
  ];

  it('reads back what it writes, long names included, whatever the chunking', async () => {
    const tar = await archive(files);
    const expected = files.map(([name, data]) => [name, data.toString()]);
    expect(await entries(tar)).toEqual(expected);
    expect(await entries(tar, 1)).toEqual(expected);
  });

  it('writes archives the system tar reads, long names included', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wc-tar-')), 'a.tar');
    fs.writeFileSync(file, await archive(files));
    const { stdout } = await run('tar', ['-tf', file]);
    expect(stdout.trim().split('\n')).toEqual(files.map(([name]) => name));
    fs.rmSync(path.dirname(file), { recursive: true });
  });

  it('refuses an archive cut short, and one that is not tar', async () => {
    const tar = await archive(files);
    await expect(entries(tar.subarray(0, 1200))).rejects.toThrow(/truncated/);
    await expect(entries(tar.subarray(0, tar.length - 1024))).rejects.toThrow(/end marker/);
    await expect(entries(Buffer.alloc(1024, 'x'))).rejects.toThrow(/not a tar archive/);
  });
});
