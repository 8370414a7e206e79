import { describe, expect, it } from 'vitest';
import { runRetrofit, type BatchAnswer, type LogLine, type RetrofitIo } from './run-retrofit';

const candidates = Array.from({ length: 12 }, (_, i) => ({ id: `id-${i + 1}`, title: `Painting ${i + 1}` }));

function io(overrides: Partial<RetrofitIo> = {}) {
  const lines: LogLine[] = [];
  const progress: [number, number][] = [];
  const sent: string[][] = [];
  const base: RetrofitIo = {
    candidates: async () => ({ ok: true, data: candidates }),
    sendBatch: async (ids): Promise<BatchAnswer> => {
      sent.push(ids);
      return {
        results: ids.map((id) => ({
          id,
          ok: id !== 'id-7',
          error: id === 'id-7' ? 'The AI server answered 500' : null,
        })),
        fatal: false,
        error: null,
      };
    },
    regenerateSitemap: async () => {},
    log: (line) => lines.push(line),
    progress: (done, total) => progress.push([done, total]),
  };
  return { io: { ...base, ...overrides }, lines, progress, sent };
}

describe('the retrofit run', () => {
  it('sends 12 artworks in batches of 5 one after another, with progress and a line per artwork', async () => {
    const run = io();
    const outcome = await runRetrofit(run.io, 5);
    expect(outcome).toEqual({ kind: 'complete', failed: 1, sitemapError: null });
    expect(run.sent.map((ids) => ids.length)).toEqual([5, 5, 2]);
    expect(run.progress).toEqual([
      [0, 12],
      [5, 12],
      [10, 12],
      [12, 12],
    ]);
    expect(run.lines.find((l) => l.type === 'error')).toMatchObject({
      message: 'Result for "Painting 7": ERROR',
      details: 'The AI server answered 500',
    });
    expect(run.lines.filter((l) => l.type === 'success' && l.message.startsWith('Result for'))).toHaveLength(11);
    expect(run.lines.at(-1)).toMatchObject({ type: 'success', message: 'Sitemap regenerated.' });
  });

  it('nothing to do: logs success and sends nothing', async () => {
    const run = io({ candidates: async () => ({ ok: true, data: [] }) });
    expect(await runRetrofit(run.io, 5)).toEqual({ kind: 'nothing-to-do' });
    expect(run.sent).toEqual([]);
    expect(run.lines.at(-1)!.type).toBe('success');
  });

  it('stops at a failed call or a fatal answer, with the documented messages', async () => {
    const failing = io({ sendBatch: async () => Promise.reject(new Error('Network down')) });
    expect(await runRetrofit(failing.io, 5)).toEqual({ kind: 'fatal', error: 'Network down' });
    expect(failing.lines.at(-1)!.message).toBe('Edge function invocation failed for batch 1: Network down');
    const fatal = io({ sendBatch: async () => ({ results: [], fatal: true, error: 'database unreachable' }) });
    expect(await runRetrofit(fatal.io, 5)).toEqual({ kind: 'fatal', error: 'database unreachable' });
    expect(fatal.lines.at(-1)!.message).toBe(
      'A critical error occurred in the Edge Function during batch 1: database unreachable',
    );
    const listing = io({ candidates: async () => ({ ok: false, error: 'timeout' }) });
    expect(await runRetrofit(listing.io, 5)).toMatchObject({ kind: 'fatal' });
    expect(listing.lines.at(-1)!.message).toBe('Failed to fetch artworks: timeout');
  });

  it('a failed sitemap regeneration is logged; the retrofit itself completed', async () => {
    const run = io({ regenerateSitemap: async () => Promise.reject(new Error('disk full')) });
    expect(await runRetrofit(run.io, 20)).toEqual({ kind: 'complete', failed: 1, sitemapError: 'disk full' });
    expect(run.lines.at(-1)!.message).toBe('Sitemap generation failed: disk full');
  });
});
