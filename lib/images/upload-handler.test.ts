import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoragePort } from '@/lib/storage';
import { handleArtworkUpload, tooSlowMessage, uploadDeadlines } from './upload-handler';

// A body that stalls or trickles is given up at its deadline with 408, and nothing is stored.
process.env.LOG_LEVEL = 'silent';

const touched: string[] = [];
// Any use of storage is recorded: a refused upload must not reach it.
const storage = new Proxy({} as StoragePort, {
  get: (_target, name) => {
    touched.push(String(name));
    return async () => undefined;
  },
});
const record = vi.fn(async () => 'upload-id');
const direct = { createStagedUpload: vi.fn(), readStaged: vi.fn(), removeStaged: vi.fn() };

/** A POST whose body sends one byte every `everyMs` (never when null) and never ends. */
function slowUpload(contentType: string, everyMs: number | null) {
  let timer: ReturnType<typeof setInterval> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        new TextEncoder().encode(
          contentType.startsWith('multipart') ? '--b\r\nContent-Disposition: form-data; name="file"' : '{"staged":',
        ),
      );
      if (everyMs !== null) timer = setInterval(() => controller.enqueue(new Uint8Array([97])), everyMs);
    },
    cancel: () => clearInterval(timer),
  });
  return new Request('http://localhost/api/upload-artwork-image', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
    duplex: 'half',
  } as RequestInit);
}

async function answeredAfter(response: Promise<Response>, ms: number): Promise<Response> {
  let settled = false;
  void response.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(ms - 100);
  expect(settled, `no answer before ${ms} ms`).toBe(false);
  await vi.advanceTimersByTimeAsync(200);
  expect(settled, `an answer by ${ms} ms`).toBe(true);
  return response;
}

describe('an upload body that arrives too slowly', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    touched.length = 0;
    record.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('is given up with 408 once it trickles past three minutes, and nothing is stored', async () => {
    const response = await answeredAfter(
      handleArtworkUpload(slowUpload('multipart/form-data; boundary=b', 2_000), { storage, record }),
      180_000,
    );
    expect(response.status).toBe(408);
    expect(await response.json()).toEqual({
      error:
        'Upload failed: the file arrived too slowly (nothing for 30 seconds, or not all of it within 3 minutes). Please try again on a steadier connection.',
    });
    expect(touched).toEqual([]);
    expect(record).not.toHaveBeenCalled();
  });

  it('is given up with 408 once it sends nothing for 30 seconds', async () => {
    const response = await answeredAfter(
      handleArtworkUpload(slowUpload('multipart/form-data; boundary=b', null), { storage, record }),
      30_000,
    );
    expect(response.status).toBe(408);
    expect(await response.json()).toEqual({ error: tooSlowMessage({ idleMs: 30_000, totalMs: 180_000 }) });
    expect(touched).toEqual([]);
  });

  it('keeps to the deadlines it is given, for a staged upload’s JSON too', async () => {
    const response = await answeredAfter(
      handleArtworkUpload(slowUpload('application/json', 100), {
        storage,
        record,
        direct,
        deadlines: { idleMs: 1_000, totalMs: 3_000 },
      }),
      3_000,
    );
    expect(response.status).toBe(408);
    expect(await response.json()).toEqual({ error: tooSlowMessage({ idleMs: 1_000, totalMs: 3_000 }) });
    expect(direct.readStaged).not.toHaveBeenCalled();
    expect(touched).toEqual([]);
  });

  it('takes its deadlines from UPLOAD_IDLE_SECONDS and UPLOAD_TOTAL_SECONDS, and says them', () => {
    expect(uploadDeadlines({ UPLOAD_IDLE_SECONDS: 30, UPLOAD_TOTAL_SECONDS: 180 })).toEqual({
      idleMs: 30_000,
      totalMs: 180_000,
    });
    expect(uploadDeadlines({ UPLOAD_IDLE_SECONDS: 2, UPLOAD_TOTAL_SECONDS: 5 })).toEqual({
      idleMs: 2_000,
      totalMs: 5_000,
    });
    expect(tooSlowMessage({ idleMs: 1_000, totalMs: 60_000 })).toBe(
      'Upload failed: the file arrived too slowly (nothing for 1 second, or not all of it within 1 minute). Please try again on a steadier connection.',
    );
    expect(tooSlowMessage({ idleMs: 90_000, totalMs: 240_000 })).toContain(
      'nothing for 90 seconds, or not all of it within 4 minutes',
    );
  });
});
