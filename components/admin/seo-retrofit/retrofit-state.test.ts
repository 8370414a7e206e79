import { describe, expect, it } from 'vitest';
import {
  artworksOutcomeText,
  endToast,
  initialRetrofit,
  progressView,
  retrofitReducer,
  storiesOutcomeText,
  type RetrofitAction,
  type RetrofitState,
} from './retrofit-state';

const replay = (state: RetrofitState, ...actions: RetrofitAction[]) => actions.reduce(retrofitReducer, state);
const line = (message: string) => ({ at: new Date(0), type: 'info' as const, message });

describe('the retrofit run', () => {
  it('logs, counts and ends: running until stopped, the outcome kept after', () => {
    let state = replay(
      initialRetrofit,
      { type: 'started' },
      { type: 'logged', line: line('one') },
      { type: 'progressed', progress: { done: 1, total: 4 } },
      { type: 'logged', line: line('two') },
      { type: 'storiesProgressed', progress: { done: 0, total: 2 } },
    );
    expect(state).toMatchObject({
      running: true,
      progress: { done: 1, total: 4 },
      storyProgress: { done: 0, total: 2 },
      outcome: null,
    });
    expect(state.lines.map((logged) => logged.message)).toEqual(['one', 'two']);
    state = replay(state, { type: 'finished', outcome: { kind: 'nothing-to-do' } }, { type: 'stopped' });
    expect(state).toMatchObject({ running: false, outcome: { kind: 'nothing-to-do' } });
    expect(state.lines).toHaveLength(2);
  });

  it('starts a new run from a clean screen', () => {
    const ended = replay(
      initialRetrofit,
      { type: 'started' },
      { type: 'logged', line: line('old') },
      { type: 'progressed', progress: { done: 4, total: 4 } },
      { type: 'finished', outcome: { kind: 'fatal', error: 'boom' } },
      { type: 'stopped' },
    );
    expect(replay(ended, { type: 'started' })).toEqual({ ...initialRetrofit, running: true });
  });

  it('stops without an outcome when the run itself threw', () => {
    const state = replay(initialRetrofit, { type: 'started' }, { type: 'stopped' });
    expect(state).toMatchObject({ running: false, outcome: null });
  });
});

describe('progressView', () => {
  it('has one bar for artworks and stories together, named by the lines under it', () => {
    expect(progressView({ done: 3, total: 4 }, { done: 1, total: 4 })).toEqual({
      overall: 50,
      percent: 75,
      storyPercent: 25,
      showArtworks: true,
      showStories: true,
      labelledBy: 'progress-text story-progress-text',
    });
  });

  it('shows only the stories when no artwork needed an update', () => {
    expect(progressView({ done: 0, total: 0 }, { done: 2, total: 3 })).toMatchObject({
      overall: 67,
      percent: 0,
      showArtworks: false,
      showStories: true,
      labelledBy: 'story-progress-text',
    });
  });

  it('shows the artworks line when there is nothing else, even with nothing to do', () => {
    expect(progressView({ done: 0, total: 0 }, null)).toMatchObject({
      overall: 0,
      showArtworks: true,
      showStories: false,
      labelledBy: 'progress-text',
    });
  });
});

describe('how a run ended', () => {
  it('toasts success, failure or the sitemap failure', () => {
    expect(endToast({ kind: 'nothing-to-do' })).toEqual({
      kind: 'success',
      title: 'All Good!',
      description: 'No artworks needed an update. No stories needed one either.',
    });
    expect(endToast({ kind: 'fatal', error: 'Failed to fetch artworks: down' })).toEqual({
      kind: 'error',
      title: 'Retrofit Failed',
      description: 'Failed to fetch artworks: down',
    });
    expect(endToast({ kind: 'complete', failed: 0, sitemapError: 'HTTP 500' })).toEqual({
      kind: 'error',
      title: 'Sitemap Generation Failed',
      description: 'Sitemap generation failed: HTTP 500',
    });
  });

  it('counts the stories in the success toast when there were any', () => {
    const complete = (total: number) => ({
      kind: 'complete' as const,
      failed: 0,
      sitemapError: null,
      stories: { total, failed: 0 },
    });
    expect(endToast(complete(0)).description).toBe('All artworks have been processed and sitemap updated.');
    expect(endToast(complete(1)).description).toBe(
      'All artworks have been processed and sitemap updated. 1 story was processed too.',
    );
    expect(endToast(complete(3))).toEqual({
      kind: 'success',
      title: '✅ Success!',
      description: 'All artworks have been processed and sitemap updated. 3 stories were processed too.',
    });
  });

  it('says what became of the artworks and the stories', () => {
    expect(artworksOutcomeText({ kind: 'nothing-to-do' }, false)).toBe('No artworks needed an update.');
    expect(artworksOutcomeText({ kind: 'complete', failed: 2, sitemapError: null }, true)).toBe(
      '2 artworks could not be updated: see the Process Log and the AI Retrofit Logs.',
    );
    expect(artworksOutcomeText({ kind: 'complete', failed: 0, sitemapError: null }, true)).toBe(
      'Every artwork was updated.',
    );
    expect(artworksOutcomeText({ kind: 'complete', failed: 0, sitemapError: null }, false)).toBe(
      'No artworks needed an update.',
    );
    expect(storiesOutcomeText({ kind: 'nothing-to-do' })).toBe('No stories needed an update.');
    expect(storiesOutcomeText({ kind: 'complete', failed: 0, sitemapError: null })).toBeNull();
    const stories = (total: number, failed: number) => ({
      kind: 'complete' as const,
      failed: 0,
      sitemapError: null,
      stories: { total, failed },
    });
    expect(storiesOutcomeText(stories(0, 0))).toBe('No stories needed an update.');
    expect(storiesOutcomeText(stories(3, 1))).toBe(
      '1 stories could not be updated: see the Process Log and the AI Retrofit Logs.',
    );
    expect(storiesOutcomeText(stories(3, 0))).toBe('Every story was updated.');
  });
});
