import { describe, expect, it } from 'vitest';
import {
  runRetrofit,
  type BatchAnswer,
  type Candidate,
  type LogLine,
  type RetrofitIo,
  type StoryRetrofitIo,
} from './run-retrofit';

const paintings = (n: number): Candidate[] =>
  Array.from({ length: n }, (_, i) => ({ id: `art-${i + 1}`, title: `Painting ${i + 1}` }));
const storyList = (n: number): Candidate[] =>
  Array.from({ length: n }, (_, i) => ({ id: `story-${i + 1}`, title: `Story ${i + 1}` }));

function io(artworks: Candidate[], stories: Candidate[], overrides: Partial<StoryRetrofitIo> = {}) {
  const lines: LogLine[] = [];
  const calls: string[] = [];
  const storyProgress: [number, number][] = [];
  const run: RetrofitIo = {
    candidates: async () => ({ ok: true, data: artworks }),
    sendBatch: async (ids): Promise<BatchAnswer> => {
      calls.push(`artworks:${ids.join(',')}`);
      return { results: ids.map((id) => ({ id, ok: true, error: null })), fatal: false, error: null };
    },
    regenerateSitemap: async () => void calls.push('sitemap'),
    log: (line) => lines.push(line),
    progress: () => {},
    stories: {
      candidates: async () => ({ ok: true, data: stories }),
      sendBatch: async (ids) => {
        calls.push(`stories:${ids.join(',')}`);
        return ids.map((id) => ({
          id,
          ok: id !== 'story-2',
          error: id === 'story-2' ? 'The AI server answered 500' : null,
        }));
      },
      progress: (done, total) => storyProgress.push([done, total]),
      ...overrides,
    },
  };
  return { io: run, lines, calls, storyProgress, messages: () => lines.map((l) => l.message) };
}

describe('the retrofit run covers stories after the artworks', () => {
  it('sends the artworks, then the stories in batches of the same size, then regenerates the sitemap once', async () => {
    const run = io(paintings(3), storyList(3));
    const outcome = await runRetrofit(run.io, 2);
    expect(outcome).toEqual({ kind: 'complete', failed: 0, sitemapError: null, stories: { total: 3, failed: 1 } });
    expect(run.calls).toEqual([
      'artworks:art-1,art-2',
      'artworks:art-3',
      'stories:story-1,story-2',
      'stories:story-3',
      'sitemap',
    ]);
    expect(run.storyProgress).toEqual([
      [0, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(run.messages()).toEqual(
      expect.arrayContaining([
        'Fetching stories that need an SEO update…',
        'Found 3 artworks to update, in 2 batches of up to 2.',
        'Found 3 stories to update, in 2 batches of up to 2.',
        'Processing story batch 1 of 2 (2 stories)…',
        'Result for story "Story 1": SUCCESS',
      ]),
    );
    expect(run.lines.find((l) => l.type === 'error')).toMatchObject({
      message: 'Result for story "Story 2": ERROR',
      details: 'The AI server answered 500',
    });
  });

  it('runs the stories when no artwork needs anything', async () => {
    const run = io([], storyList(1));
    expect(await runRetrofit(run.io, 5)).toEqual({
      kind: 'complete',
      failed: 0,
      sitemapError: null,
      stories: { total: 1, failed: 0 },
    });
    expect(run.calls).toEqual(['stories:story-1', 'sitemap']);
    expect(run.messages()).toContain('All artworks already have an SEO title and a long description.');
  });

  it('nothing to do for either: says so for both and sends nothing', async () => {
    const run = io([], []);
    expect(await runRetrofit(run.io, 5)).toEqual({ kind: 'nothing-to-do' });
    expect(run.calls).toEqual([]);
    expect(run.messages().slice(-2)).toEqual([
      'All artworks already have an SEO title and a long description.',
      'All stories already have an excerpt, a meta title and a meta description.',
    ]);
  });

  it('reports stories with nothing to do beside artworks that had work', async () => {
    const run = io(paintings(1), []);
    expect(await runRetrofit(run.io, 5)).toEqual({
      kind: 'complete',
      failed: 0,
      sitemapError: null,
      stories: { total: 0, failed: 0 },
    });
    expect(run.calls).toEqual(['artworks:art-1', 'sitemap']);
  });

  it('stops before anything is sent when the stories cannot be listed', async () => {
    const run = io(paintings(2), [], { candidates: async () => ({ ok: false, error: 'timeout' }) });
    expect(await runRetrofit(run.io, 5)).toEqual({ kind: 'fatal', error: 'Failed to fetch stories: timeout' });
    expect(run.calls).toEqual([]);
    expect(run.lines.at(-1)).toMatchObject({ type: 'error', message: 'Failed to fetch stories: timeout' });
  });

  it('stops at a failed story batch: the artworks done keep their text, the sitemap waits for a full run', async () => {
    const run = io(paintings(1), storyList(2), {
      sendBatch: async () => Promise.reject(new Error('AI is not configured')),
    });
    expect(await runRetrofit(run.io, 5)).toEqual({ kind: 'fatal', error: 'AI is not configured' });
    expect(run.calls).toEqual(['artworks:art-1']);
    expect(run.lines.at(-1)!.message).toBe('Story batch 1 failed: AI is not configured');
  });
});
