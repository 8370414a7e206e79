import fc from 'fast-check';

/**
 * Mutations of image files for fuzzing (app/api/upload-artwork-image/route.fuzz.test.ts). Each
 * is plain data, so fast-check prints and shrinks a failing case readably; positions are taken
 * modulo the file's length, so one mutation applies to any file.
 */
export type Mutation =
  | { kind: 'flip'; bits: [position: number, bit: number][] }
  | { kind: 'overwrite'; at: number; bytes: number[] }
  | { kind: 'truncate'; keepPerMille: number }
  | { kind: 'insert'; at: number; bytes: number[] }
  | { kind: 'duplicate-range'; from: number; length: number; to: number }
  | { kind: 'chunk'; op: 'duplicate' | 'drop' | 'swap'; i: number; j: number }
  | { kind: 'garbage-body'; bytes: number[] };

export type Container = 'jpeg' | 'png' | 'webp' | 'raw';

const byte = fc.integer({ min: 0, max: 255 });

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('flip' as const),
    bits: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 7 })), { minLength: 1, maxLength: 8 }),
  }),
  fc.record({
    kind: fc.constant('overwrite' as const),
    at: fc.nat(),
    bytes: fc.array(byte, { minLength: 1, maxLength: 64 }),
  }),
  fc.record({ kind: fc.constant('truncate' as const), keepPerMille: fc.integer({ min: 0, max: 999 }) }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    bytes: fc.array(byte, { minLength: 1, maxLength: 64 }),
  }),
  fc.record({
    kind: fc.constant('duplicate-range' as const),
    from: fc.nat(),
    length: fc.integer({ min: 1, max: 512 }),
    to: fc.nat(),
  }),
  fc.record({
    kind: fc.constant('chunk' as const),
    op: fc.constantFrom('duplicate' as const, 'drop' as const, 'swap' as const),
    i: fc.nat(),
    j: fc.nat(),
  }),
  fc.record({ kind: fc.constant('garbage-body' as const), bytes: fc.array(byte, { maxLength: 2048 }) }),
);

const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

/**
 * The file as [prefix, chunk, chunk, …]: PNG chunks after the signature; JPEG marker segments
 * after SOI, the scan (SOS to the end) as one; WebP's RIFF chunks after the 12-byte header.
 */
export function splitChunks(data: Uint8Array, container: Container): Uint8Array[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const parts: Uint8Array[] = [];
  let at: number;
  if (container === 'png') {
    at = 8;
    parts.push(data.subarray(0, at));
    while (at + 12 <= data.length) {
      const end = at + 12 + view.getUint32(at);
      if (end > data.length) break;
      parts.push(data.subarray(at, end));
      at = end;
    }
  } else if (container === 'jpeg') {
    at = 2;
    parts.push(data.subarray(0, at));
    while (at + 4 <= data.length && data[at] === 0xff && data[at + 1] !== 0xda) {
      const end = at + 2 + view.getUint16(at + 2);
      if (end > data.length) break;
      parts.push(data.subarray(at, end));
      at = end;
    }
  } else if (container === 'webp') {
    at = 12;
    parts.push(data.subarray(0, at));
    while (at + 8 <= data.length) {
      const size = view.getUint32(at + 4, true);
      const end = at + 8 + size + (size % 2);
      if (end > data.length) break;
      parts.push(data.subarray(at, end));
      at = end;
    }
  } else {
    return [data];
  }
  if (at < data.length) parts.push(data.subarray(at));
  return parts;
}

/** How many leading bytes are the header a decoder reads before the pixel data. */
function headerLength(data: Uint8Array, container: Container): number {
  const parts = splitChunks(data, container);
  // PNG: signature + IHDR; JPEG: everything up to the scan; WebP: RIFF header + the image chunk's header and first bytes.
  if (container === 'png') return parts[0]!.length + (parts[1]?.length ?? 0);
  if (container === 'jpeg') return parts.slice(0, -1).reduce((n, p) => n + p.length, 0);
  if (container === 'webp') return Math.min(data.length, 30);
  return Math.min(data.length, 16);
}

export function applyMutation(input: Uint8Array, m: Mutation, container: Container): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(input);
  const n = data.length;
  if (n === 0) return m.kind === 'insert' || m.kind === 'garbage-body' ? new Uint8Array(m.bytes) : data;
  switch (m.kind) {
    case 'flip':
      for (const [position, bit] of m.bits) data[position % n]! ^= 1 << bit;
      return data;
    case 'overwrite':
      data.set(m.bytes.slice(0, n - (m.at % n)), m.at % n);
      return data;
    case 'truncate':
      return data.slice(0, Math.floor((n * m.keepPerMille) / 1000));
    case 'insert':
      return concat(data.subarray(0, m.at % n), new Uint8Array(m.bytes), data.subarray(m.at % n));
    case 'duplicate-range': {
      const from = m.from % n;
      const copy = data.slice(from, from + m.length);
      const to = m.to % (n + 1);
      return concat(data.subarray(0, to), copy, data.subarray(to));
    }
    case 'chunk': {
      const [prefix, ...chunks] = splitChunks(data, container);
      if (chunks.length === 0) return data;
      const i = m.i % chunks.length;
      const j = m.j % chunks.length;
      if (m.op === 'duplicate') chunks.splice(j, 0, chunks[i]!);
      else if (m.op === 'drop') chunks.splice(i, 1);
      else [chunks[i], chunks[j]] = [chunks[j]!, chunks[i]!];
      return concat(prefix!, ...chunks);
    }
    case 'garbage-body':
      return concat(data.subarray(0, headerLength(data, container)), new Uint8Array(m.bytes));
  }
}
