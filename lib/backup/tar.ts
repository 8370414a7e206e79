import { once } from 'node:events';
import type { Writable } from 'node:stream';

/**
 * Just enough tar to write and read backup archives as streams: POSIX ustar headers, with a pax
 * `path` record for names over 100 bytes (storage keys may be 400). `tar -tzf` reads what this
 * writes. Only regular files; the reader reports each entry's type and leaves judging to its caller.
 */
const BLOCK = 512;

function field(block: Buffer, offset: number, length: number, value: number) {
  block.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'ascii');
}

function header(name: string, size: number, mode: number, mtime: Date, type: '0' | 'x'): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  field(block, 100, 8, mode);
  field(block, 108, 8, 0);
  field(block, 116, 8, 0);
  field(block, 124, 12, size);
  field(block, 136, 12, Math.floor(mtime.getTime() / 1000));
  block.write(type, 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  block.fill(' ', 148, 156);
  const sum = block.reduce((total, byte) => total + byte, 0);
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/** A pax record is "<length> path=<name>\n", where <length> counts its own digits too. */
function paxPath(name: string): Buffer {
  const body = ` path=${name}\n`;
  let length = Buffer.byteLength(body);
  while (String(length).length + Buffer.byteLength(body) !== length)
    length = String(length).length + Buffer.byteLength(body);
  return Buffer.from(`${length}${body}`);
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

export class TarWriter {
  constructor(private readonly out: Writable) {}

  private async write(chunk: Buffer | Uint8Array) {
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  async add(
    name: string,
    data: Uint8Array,
    { mode = 0o644, mtime = new Date() }: { mode?: number; mtime?: Date } = {},
  ) {
    if (Buffer.byteLength(name) > 100) {
      const pax = paxPath(name);
      await this.write(header('PaxHeader', pax.length, 0o644, mtime, 'x'));
      await this.write(Buffer.concat([pax, padding(pax.length)]));
    }
    await this.write(header(name, data.byteLength, mode, mtime, '0'));
    await this.write(data);
    await this.write(padding(data.byteLength));
  }

  /** Writes the end-of-archive blocks and ends the stream. */
  async finish() {
    await this.write(Buffer.alloc(2 * BLOCK));
    this.out.end();
  }
}

/** Pulls exact byte counts out of a stream of chunks. */
class Source {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private done = false;

  constructor(private readonly input: AsyncIterator<Buffer>) {}

  /** Up to `max` bytes (at least one); null at the end of the input. */
  async next(max: number): Promise<Buffer | null> {
    while (this.buffered === 0 && !this.done) {
      const result = await this.input.next();
      if (result.done) this.done = true;
      else if (result.value.length) {
        this.chunks.push(result.value);
        this.buffered += result.value.length;
      }
    }
    if (this.buffered === 0) return null;
    const first = this.chunks[0]!;
    const chunk = first.length <= max ? this.chunks.shift()! : first.subarray(0, max);
    if (chunk !== first) this.chunks[0] = first.subarray(max);
    this.buffered -= chunk.length;
    return chunk;
  }

  async take(size: number): Promise<Buffer | null> {
    const parts: Buffer[] = [];
    let got = 0;
    while (got < size) {
      const chunk = await this.next(size - got);
      if (!chunk) {
        if (got === 0) return null;
        throw new TarError('the archive ends in the middle of an entry (truncated?)');
      }
      parts.push(chunk);
      got += chunk.length;
    }
    return Buffer.concat(parts);
  }
}

export class TarError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarError';
  }
}

export type TarEntry = { name: string; size: number; mode: number; type: string };

function parseOctal(block: Buffer, offset: number, length: number): number {
  const text = block
    .toString('ascii', offset, offset + length)
    .replace(/\0.*$/s, '')
    .trim();
  return text ? Number.parseInt(text, 8) : 0;
}

function parseHeader(block: Buffer): TarEntry {
  const stored = parseOctal(block, 148, 8);
  const copy = Buffer.from(block);
  copy.fill(' ', 148, 156);
  if (copy.reduce((total, byte) => total + byte, 0) !== stored)
    throw new TarError('not a tar archive, or a damaged one (header checksum)');
  const text = (offset: number, length: number) =>
    block.toString('utf8', offset, offset + length).replace(/\0.*$/s, '');
  const prefix = text(345, 155);
  const name = text(0, 100);
  return {
    name: prefix ? `${prefix}/${name}` : name,
    size: parseOctal(block, 124, 12),
    mode: parseOctal(block, 100, 8),
    type: text(156, 1) || '0',
  };
}

/**
 * Reads a tar stream entry by entry. `onEntry` gets each entry and its body, which it may read
 * or leave: what it leaves is skipped. pax `path` records are applied to the entry they precede.
 */
export async function readTar(
  input: AsyncIterable<Buffer>,
  onEntry: (entry: TarEntry, body: AsyncIterable<Buffer>) => Promise<void>,
): Promise<void> {
  const source = new Source(input[Symbol.asyncIterator]());
  let paxName: string | undefined;
  for (;;) {
    const block = await source.take(BLOCK);
    if (!block) throw new TarError('the archive ends without its end marker (truncated?)');
    if (block.every((byte) => byte === 0)) return;
    const entry = parseHeader(block);
    let left = entry.size;
    const body = async function* () {
      while (left > 0) {
        const chunk = await source.next(Math.min(left, 1 << 20));
        if (!chunk) throw new TarError('the archive ends in the middle of an entry (truncated?)');
        left -= chunk.length;
        yield chunk;
      }
    };
    if (entry.type === 'x') {
      const records = (await source.take(entry.size))?.toString('utf8') ?? '';
      left = 0;
      paxName = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(records)?.[1];
    } else {
      if (paxName !== undefined) entry.name = paxName;
      paxName = undefined;
      await onEntry(entry, body());
      for await (const chunk of body()) void chunk; // whatever the caller left unread
    }
    await source.take((BLOCK - (entry.size % BLOCK)) % BLOCK);
  }
}
