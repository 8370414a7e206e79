import type { LogLine, RetrofitOutcome } from './run-retrofit';

export type Progress = { done: number; total: number };

/** The retrofit screen's run: whether one is going, its log, how far it is, and how it ended. */
export type RetrofitState = {
  running: boolean;
  lines: LogLine[];
  progress: Progress | null;
  storyProgress: Progress | null;
  outcome: RetrofitOutcome | null;
};

export type RetrofitAction =
  | { type: 'started' }
  | { type: 'logged'; line: LogLine }
  | { type: 'progressed'; progress: Progress }
  | { type: 'storiesProgressed'; progress: Progress }
  | { type: 'finished'; outcome: RetrofitOutcome }
  | { type: 'stopped' };

export const initialRetrofit: RetrofitState = {
  running: false,
  lines: [],
  progress: null,
  storyProgress: null,
  outcome: null,
};

export function retrofitReducer(state: RetrofitState, action: RetrofitAction): RetrofitState {
  switch (action.type) {
    case 'started':
      // A new run starts from a clean screen: the last run's log, progress and outcome go.
      return { ...initialRetrofit, running: true };
    case 'logged':
      return { ...state, lines: [...state.lines, action.line] };
    case 'progressed':
      return { ...state, progress: action.progress };
    case 'storiesProgressed':
      return { ...state, storyProgress: action.progress };
    case 'finished':
      return { ...state, outcome: action.outcome };
    case 'stopped':
      return { ...state, running: false };
  }
}

export const percentOf = (progress: Progress | null) =>
  progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;

/**
 * What the progress panel shows: one bar for the whole run (artworks and stories together) and a
 * line each for the artworks and the stories; the artworks' line also when there is nothing else.
 */
export function progressView(progress: Progress, storyProgress: Progress | null) {
  const hasStories = (storyProgress?.total ?? 0) > 0;
  const showArtworks = progress.total > 0 || !hasStories;
  return {
    overall: percentOf({
      done: progress.done + (storyProgress?.done ?? 0),
      total: progress.total + (storyProgress?.total ?? 0),
    }),
    percent: percentOf(progress),
    storyPercent: percentOf(storyProgress),
    showArtworks,
    showStories: hasStories,
    /** The bar's name: the ids of the lines shown under it. */
    labelledBy: [showArtworks ? 'progress-text' : null, hasStories ? 'story-progress-text' : null]
      .filter(Boolean)
      .join(' '),
  };
}

const storiesWere = (n: number) => `${n} ${n === 1 ? 'story was' : 'stories were'}`;

/** The toast at the end of a run. */
export function endToast(outcome: RetrofitOutcome): { kind: 'success' | 'error'; title: string; description: string } {
  if (outcome.kind === 'nothing-to-do')
    return {
      kind: 'success',
      title: 'All Good!',
      description: 'No artworks needed an update. No stories needed one either.',
    };
  if (outcome.kind === 'fatal') return { kind: 'error', title: 'Retrofit Failed', description: outcome.error };
  if (outcome.sitemapError)
    return {
      kind: 'error',
      title: 'Sitemap Generation Failed',
      description: `Sitemap generation failed: ${outcome.sitemapError}`,
    };
  const storyTotal = outcome.stories?.total ?? 0;
  return {
    kind: 'success',
    title: '✅ Success!',
    description: `All artworks have been processed and sitemap updated.${storyTotal > 0 ? ` ${storiesWere(storyTotal)} processed too.` : ''}`,
  };
}

type Ended = Exclude<RetrofitOutcome, { kind: 'fatal' }>;

/** The completed run's line about the artworks; `hasArtworks`: whether the run had any to do. */
export function artworksOutcomeText(outcome: Ended, hasArtworks: boolean): string {
  if (outcome.kind === 'nothing-to-do') return 'No artworks needed an update.';
  if (outcome.failed > 0)
    return `${outcome.failed} artworks could not be updated: see the Process Log and the AI Retrofit Logs.`;
  return hasArtworks ? 'Every artwork was updated.' : 'No artworks needed an update.';
}

/** The completed run's line about the stories; null for a run that did not cover them. */
export function storiesOutcomeText(outcome: Ended): string | null {
  if (outcome.kind === 'nothing-to-do') return 'No stories needed an update.';
  const stories = outcome.stories;
  if (!stories) return null;
  if (stories.total === 0) return 'No stories needed an update.';
  if (stories.failed > 0)
    return `${stories.failed} stories could not be updated: see the Process Log and the AI Retrofit Logs.`;
  return 'Every story was updated.';
}
