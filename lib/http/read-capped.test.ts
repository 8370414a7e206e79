import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCapped } from './read-capped';

const deadlines = { idleMs: 1_000, totalMs: 5_000 };
const bytes = (n: number) => new Uint8Array(n).fill(97);

/** A body that sends `chunk` bytes every `everyMs`, `times` times (forever when omitted), then ends. */
function trickle(everyMs: number, { chunk = 1, times = Infinity } = {}) {
  let timer: ReturnType<typeof setInterval> | undefined;
  const state = { cancelled: false, sent: 0 };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      timer = setInterval(() => {
        if (state.sent === times) {
          clearInterval(timer);
          controller.close();
          return;
        }
        controller.enqueue(bytes(chunk));
        state.sent += 1;
      }, everyMs);
    },
    cancel() {
      clearInterval(timer);
      state.cancelled = true;
    },
  });
  return { stream, state };
}

describe('readCapped', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads a body that arrives within its deadlines, whole', async () => {
    const { stream } = trickle(500, { chunk: 100, times: 8 });
    const read = readCapped(stream, 1_000, deadlines);
    await vi.advanceTimersByTimeAsync(4_500);
    expect(await read).toEqual({ ok: true, body: bytes(800) });
  });

  it('gives up a body that trickles past the overall deadline, and stops reading it', async () => {
    // 1 byte every 500 ms: never idle for a second, never done.
    const { stream, state } = trickle(500);
    const read = readCapped(stream, 1_000_000, deadlines);
    let settled = false;
    void read.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(4_900);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(await read).toEqual({ ok: false, reason: 'too-slow' });
    expect(state.cancelled).toBe(true);
  });

  it('gives up a body that stalls for the idle deadline', async () => {
    let cancelled = false;
    // Some bytes, then nothing: neither sending nor closed.
    const stalled = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(bytes(10)),
      cancel: () => void (cancelled = true),
    });
    const read = readCapped(stalled, 1_000, deadlines);
    let settled = false;
    void read.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(900);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(await read).toEqual({ ok: false, reason: 'too-slow' });
    expect(cancelled).toBe(true);
  });

  it('refuses a body over the cap without reading on', async () => {
    const { stream, state } = trickle(10, { chunk: 400 });
    const read = readCapped(stream, 1_000, deadlines);
    await vi.advanceTimersByTimeAsync(50);
    expect(await read).toEqual({ ok: false, reason: 'too-large' });
    expect(state.cancelled).toBe(true);
    expect(state.sent).toBe(3);
  });

  it("answers at its deadline even when the stream's cancel never settles (Next's request body while the client is silent)", async () => {
    let cancelAsked = false;
    const silent = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(bytes(100)),
      cancel: () => {
        cancelAsked = true;
        return new Promise<void>(() => {});
      },
    });
    const read = readCapped(silent, 5_000_000, deadlines);
    let settled = false;
    void read.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(900);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(settled).toBe(true);
    expect(await read).toEqual({ ok: false, reason: 'too-slow' });
    expect(cancelAsked).toBe(true);

    // Over the cap, the same: refused at once.
    const endless = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(bytes(2_000)),
      cancel: () => new Promise<void>(() => {}),
    });
    const refused = readCapped(endless, 1_000, deadlines);
    await vi.advanceTimersByTimeAsync(0);
    expect(await refused).toEqual({ ok: false, reason: 'too-large' });
  });

  it('reads no body as an empty one', async () => {
    expect(await readCapped(null, 1_000, deadlines)).toEqual({ ok: true, body: new Uint8Array() });
  });
});
