/** How long a body may take: a sender that stalls or trickles is refused, not waited for. */
export type BodyDeadlines = {
  /** The longest wait for the next bytes. */
  idleMs: number;
  /** The longest the whole body may take, from the first read. */
  totalMs: number;
};

export type CappedBody = { ok: true; body: Uint8Array<ArrayBuffer> } | { ok: false; reason: 'too-large' | 'too-slow' };

const TIMED_OUT = Symbol('timed out');

/**
 * Reads a request body up to `cap` bytes within `deadlines`; refused once it is longer or
 * slower (reading stops there, the stream is cancelled and nothing read is kept). Used where a
 * declared Content-Length cannot be trusted and a slow sender would hold the request open for
 * as long as it liked: the upload route and browser telemetry.
 */
export async function readCapped(
  stream: ReadableStream<Uint8Array> | null,
  cap: number,
  deadlines: BodyDeadlines,
): Promise<CappedBody> {
  if (!stream) return { ok: true, body: new Uint8Array() };
  const reader = stream.getReader();
  // The stream is cancelled, not waited for: Next's request body settles its cancel only once the
  // client sends again or hangs up, so awaiting it kept a silent sender's answer back for as
  // long as the client cared to wait.
  const refuse = (reason: 'too-large' | 'too-slow'): CappedBody => {
    reader.cancel().catch(() => undefined);
    return { ok: false, reason };
  };
  const endBy = Date.now() + deadlines.totalMs;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const left = endBy - Date.now();
    if (left <= 0) return refuse('too-slow');
    const next = await within(reader.read(), Math.min(deadlines.idleMs, left));
    if (next === TIMED_OUT) return refuse('too-slow');
    if (next.done) break;
    size += next.value.byteLength;
    if (size > cap) return refuse('too-large');
    chunks.push(next.value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, body };
}

async function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
