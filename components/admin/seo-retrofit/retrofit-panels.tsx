import { CircleAlert, CircleCheck, Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { AI_ENABLE_HINT } from '@/lib/ai/messages';
import { MAX_BATCH_SIZE, parseBatchInput } from './batch-size';
import { artworksOutcomeText, progressView, storiesOutcomeText, type Progress } from './retrofit-state';
import type { RetrofitOutcome } from './run-retrofit';

/** What a run overwrites and what it keeps, said before it starts. */
export function RetrofitNote() {
  return (
    <div role="note" className="flex gap-3 rounded-card border border-clay/40 bg-white p-4 text-ink">
      <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-clay" />
      <div className="flex flex-col gap-1">
        <p className="font-medium">
          Artworks missing an SEO title or a long description have their metadata overwritten with AI content.
        </p>
        <p className="text-sm text-ink-soft">
          Only empty fields are filled: anything you wrote yourself stays. The earlier text is kept, and each changed
          artwork&apos;s edit page offers &lsquo;Restore previous text&rsquo;.
        </p>
        <p className="text-sm text-ink-soft">
          Stories missing an excerpt, a meta title or a meta description have just those filled in, in the same run. A
          story open in another tab will ask you to reload before it saves.
        </p>
      </div>
    </div>
  );
}

type ControlsProps = {
  batchSize: number;
  onBatchSize: (size: number) => void;
  running: boolean;
  /** Whether AI is configured: without it the run cannot start, and a hint says how to enable it. */
  configured: boolean;
  onRun: () => void;
};

export function RetrofitControls({ batchSize, onBatchSize, running, configured, onRun }: ControlsProps) {
  return (
    <div className="flex flex-col gap-4 rounded-card border border-line bg-white p-4 sm:flex-row sm:items-end sm:justify-between sm:p-5">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="batch-size">Batch Size</Label>
        <Input
          id="batch-size"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_BATCH_SIZE}
          value={batchSize}
          disabled={running}
          onChange={(event) => onBatchSize(parseBatchInput(event.target.value))}
          aria-describedby="batch-size-help"
          className="w-32"
        />
        <p id="batch-size-help" className="max-w-md text-sm text-ink-soft">
          The number of artworks sent to the AI in each request. Lower it if requests time out. Stories go in batches of
          the same size.
        </p>
      </div>
      <div className="flex flex-col items-start gap-2 sm:items-end">
        <Button
          type="button"
          onClick={onRun}
          disabled={running || !configured}
          aria-busy={running || undefined}
          aria-describedby={configured ? undefined : 'ai-off-hint'}
        >
          <Sparkles aria-hidden className="size-4" />
          {running ? 'Retrofitting in Progress...' : 'Run Full SEO Retrofit'}
        </Button>
        {configured ? null : (
          <p id="ai-off-hint" className="max-w-sm text-sm text-ink-soft">
            AI is not configured. {AI_ENABLE_HINT}
          </p>
        )}
      </div>
    </div>
  );
}

export function RetrofitProgress({ progress, storyProgress }: { progress: Progress; storyProgress: Progress | null }) {
  const view = progressView(progress, storyProgress);
  return (
    <section aria-labelledby="progress-heading" className="rounded-card border border-line bg-white p-4 sm:p-5">
      <h2 id="progress-heading" className="sr-only">
        Progress
      </h2>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={view.overall}
        aria-labelledby={view.labelledBy}
        className="h-3 overflow-hidden rounded-full bg-wash-light"
      >
        <div
          className="h-full bg-wash transition-[width] motion-reduce:transition-none"
          style={{ width: `${view.overall}%` }}
        />
      </div>
      {view.showArtworks ? (
        <p id="progress-text" className="mt-2 text-sm text-ink" aria-live="polite">
          {progress.done} / {progress.total} artworks processed ({view.percent}%)
        </p>
      ) : null}
      {view.showStories && storyProgress ? (
        <p id="story-progress-text" className="mt-1 text-sm text-ink" aria-live="polite">
          {storyProgress.done} / {storyProgress.total} stories processed ({view.storyPercent}%)
        </p>
      ) : null}
    </section>
  );
}

/** How the run ended; `hasArtworks`: whether it had any artworks to do. */
export function RetrofitOutcomePanel({ outcome, hasArtworks }: { outcome: RetrofitOutcome; hasArtworks: boolean }) {
  if (outcome.kind === 'fatal')
    return (
      <div role="alert" className="rounded-card border border-clay bg-white p-4 sm:p-5">
        <h2 className="flex items-center gap-2 font-serif text-xl text-clay">
          <CircleAlert aria-hidden className="size-5" /> Fatal Error
        </h2>
        <p className="mt-1 text-ink">{outcome.error}</p>
        <p className="mt-1 text-sm text-ink-soft">
          The run stopped here. Artworks already done keep their new text; run it again to continue.
        </p>
      </div>
    );
  const stories = storiesOutcomeText(outcome);
  return (
    <div role="status" className="rounded-card border border-wash bg-white p-4 sm:p-5">
      <h2 className="flex items-center gap-2 font-serif text-xl text-wash-deep">
        <CircleCheck aria-hidden className="size-5" /> Retrofit Complete!
      </h2>
      <p className="mt-1 text-ink">{artworksOutcomeText(outcome, hasArtworks)}</p>
      {stories === null ? null : <p className="mt-1 text-ink">{stories}</p>}
    </div>
  );
}
