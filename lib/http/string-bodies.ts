import http from 'node:http';

/**
 * Next writes every cached page as one string, which Node joins with its headers before writing:
 * for a page-sized body that join costs more than serving the page from cache. So large string
 * bodies go as Buffers (the same bytes and Content-Length), and the Buffers of recently sent
 * bodies are kept, keyed by the string, so a page is encoded once. Figures and when to remove it:
 * docs/decisions/0002-string-bodies-as-buffers.md.
 */
const LARGE = 8 * 1024;
const PATCHED = Symbol.for('watercolour.http.string-bodies');

type Options = { maxCachedBytes?: number };

/** Least recently used first; bounded by the bytes of the Buffers it holds. */
function encodedBodies(maxBytes: number) {
  const entries = new Map<string, Buffer>();
  let bytes = 0;
  return (body: string): Buffer => {
    const hit = entries.get(body);
    if (hit) {
      entries.delete(body);
      entries.set(body, hit);
      return hit;
    }
    const buffer = Buffer.from(body, 'utf8');
    if (buffer.length > maxBytes) return buffer;
    entries.set(body, buffer);
    bytes += buffer.length;
    for (const [key, value] of entries) {
      if (bytes <= maxBytes) break;
      entries.delete(key);
      bytes -= value.length;
    }
    return buffer;
  };
}

export function sendLargeStringBodiesAsBuffers(
  proto: http.ServerResponse = http.ServerResponse.prototype,
  options: Options = {},
): void {
  const target = proto as http.ServerResponse & { [PATCHED]?: true };
  if (target[PATCHED]) return;
  const encode = encodedBodies(options.maxCachedBytes ?? 16 * 1024 * 1024);
  const end = target.end as (...args: unknown[]) => http.ServerResponse;
  target.end = function (this: http.ServerResponse, ...args: unknown[]) {
    const [chunk, encoding] = args;
    if (typeof chunk === 'string' && chunk.length > LARGE) {
      const named = typeof encoding === 'string' ? (encoding as BufferEncoding) : undefined;
      args[0] = !named || named === 'utf8' || named === 'utf-8' ? encode(chunk) : Buffer.from(chunk, named);
      // The encoding applied to the string; a Buffer carries none (a callback stays in place).
      if (named) args.splice(1, 1);
    }
    return end.apply(this, args);
  } as http.ServerResponse['end'];
  target[PATCHED] = true;
}
