'use client';

import { CircleAlert, CircleCheck, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { AI_ENABLE_HINT } from '@/lib/ai/messages';
import { toast } from '@/lib/toast';
import { MAX_BATCH_SIZE, parseBatchInput } from './batch-size';
import { ProcessLog } from './process-log';
import { browserRetrofitIo, browserStoryRetrofitIo } from './retrofit-io';
import { runRetrofit, type LogLine, type RetrofitOutcome } from './run-retrofit';
import { ReadyFieldset } from '@/components/ui/ready-fieldset';

type Progress = { done: number; total: number };
const percentOf = (progress: Progress | null) =>
  progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
const storiesWere = (n: number) => `${n} ${n === 1 ? 'story was' : 'stories were'}`;

/**
 * The AI SEO Retrofit screen's controls, progress, log and end panels
 * (docs/product.md, AI SEO Retrofit); stories follow the artworks.
 */
export function RetrofitRunner({ initialBatchSize, configured }: { initialBatchSize: number; configured: boolean }) {
  const [batchSize, setBatchSize] = useState(initialBatchSize);
  const [running, setRunning] = useState(false);
  const [lines, setLines] = useState<LogLine[]>([]);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [storyProgress, setStoryProgress] = useState<Progress | null>(null);
  const [outcome, setOutcome] = useState<RetrofitOutcome | null>(null);

  const run = async () => {
    setRunning(true);
    setLines([]);
    setProgress(null);
    setStoryProgress(null);
    setOutcome(null);
    try {
      const result = await runRetrofit(
        {
          ...browserRetrofitIo,
          log: (line) => setLines((all) => [...all, line]),
          progress: (done, total) => setProgress({ done, total }),
          stories: { ...browserStoryRetrofitIo, progress: (done, total) => setStoryProgress({ done, total }) },
        },
        batchSize,
      );
      setOutcome(result);
      const storyTotal = result.kind === 'complete' ? (result.stories?.total ?? 0) : 0;
      if (result.kind === 'nothing-to-do')
        toast.success('All Good!', { description: 'No artworks needed an update. No stories needed one either.' });
      else if (result.kind === 'fatal') toast.error('Retrofit Failed', { description: result.error });
      else if (result.sitemapError)
        toast.error('Sitemap Generation Failed', { description: `Sitemap generation failed: ${result.sitemapError}` });
      else
        toast.success('✅ Success!', {
          description: `All artworks have been processed and sitemap updated.${storyTotal > 0 ? ` ${storiesWere(storyTotal)} processed too.` : ''}`,
        });
    } finally {
      setRunning(false);
    }
  };

  const percent = percentOf(progress);
  const storyPercent = percentOf(storyProgress);
  const hasStories = (storyProgress?.total ?? 0) > 0;
  const hasArtworks = (progress?.total ?? 0) > 0;
  // One bar for the whole run; the lines under it say how far the artworks and the stories are.
  const overall = percentOf(
    progress && {
      done: progress.done + (storyProgress?.done ?? 0),
      total: progress.total + (storyProgress?.total ?? 0),
    },
  );
  const progressLabels = [
    hasArtworks || !hasStories ? 'progress-text' : null,
    hasStories ? 'story-progress-text' : null,
  ]
    .filter(Boolean)
    .join(' ');
  const storyOutcome = outcome?.kind === 'complete' ? outcome.stories : undefined;
  return (
    <ReadyFieldset>
      <div className="flex flex-col gap-6">
        <div role="note" className="flex gap-3 rounded-card border border-clay/40 bg-white p-4 text-ink">
          <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-clay" />
          <div className="flex flex-col gap-1">
            <p className="font-medium">
              Artworks missing an SEO title or a long description have their metadata overwritten with AI content.
            </p>
            <p className="text-sm text-ink-soft">
              Only empty fields are filled: anything you wrote yourself stays. The earlier text is kept, and each
              changed artwork&apos;s edit page offers &lsquo;Restore previous text&rsquo;.
            </p>
            <p className="text-sm text-ink-soft">
              Stories missing an excerpt, a meta title or a meta description have just those filled in, in the same run.
              A story open in another tab will ask you to reload before it saves.
            </p>
          </div>
        </div>

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
              onChange={(event) => setBatchSize(parseBatchInput(event.target.value))}
              aria-describedby="batch-size-help"
              className="w-32"
            />
            <p id="batch-size-help" className="max-w-md text-sm text-ink-soft">
              The number of artworks sent to the AI in each request. Lower it if requests time out. Stories go in
              batches of the same size.
            </p>
          </div>
          <div className="flex flex-col items-start gap-2 sm:items-end">
            <Button
              type="button"
              onClick={run}
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

        {progress ? (
          <section aria-labelledby="progress-heading" className="rounded-card border border-line bg-white p-4 sm:p-5">
            <h2 id="progress-heading" className="sr-only">
              Progress
            </h2>
            <div
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={overall}
              aria-labelledby={progressLabels}
              className="h-3 overflow-hidden rounded-full bg-wash-light"
            >
              <div
                className="h-full bg-wash transition-[width] motion-reduce:transition-none"
                style={{ width: `${overall}%` }}
              />
            </div>
            {hasArtworks || !hasStories ? (
              <p id="progress-text" className="mt-2 text-sm text-ink" aria-live="polite">
                {progress.done} / {progress.total} artworks processed ({percent}%)
              </p>
            ) : null}
            {hasStories && storyProgress ? (
              <p id="story-progress-text" className="mt-1 text-sm text-ink" aria-live="polite">
                {storyProgress.done} / {storyProgress.total} stories processed ({storyPercent}%)
              </p>
            ) : null}
          </section>
        ) : null}

        {outcome?.kind === 'fatal' ? (
          <div role="alert" className="rounded-card border border-clay bg-white p-4 sm:p-5">
            <h2 className="flex items-center gap-2 font-serif text-xl text-clay">
              <CircleAlert aria-hidden className="size-5" /> Fatal Error
            </h2>
            <p className="mt-1 text-ink">{outcome.error}</p>
            <p className="mt-1 text-sm text-ink-soft">
              The run stopped here. Artworks already done keep their new text; run it again to continue.
            </p>
          </div>
        ) : outcome ? (
          <div role="status" className="rounded-card border border-wash bg-white p-4 sm:p-5">
            <h2 className="flex items-center gap-2 font-serif text-xl text-wash-deep">
              <CircleCheck aria-hidden className="size-5" /> Retrofit Complete!
            </h2>
            <p className="mt-1 text-ink">
              {outcome.kind === 'nothing-to-do'
                ? 'No artworks needed an update.'
                : outcome.failed > 0
                  ? `${outcome.failed} artworks could not be updated: see the Process Log and the AI Retrofit Logs.`
                  : hasArtworks
                    ? 'Every artwork was updated.'
                    : 'No artworks needed an update.'}
            </p>
            {outcome.kind === 'nothing-to-do' ? (
              <p className="mt-1 text-ink">No stories needed an update.</p>
            ) : storyOutcome ? (
              <p className="mt-1 text-ink">
                {storyOutcome.total === 0
                  ? 'No stories needed an update.'
                  : storyOutcome.failed > 0
                    ? `${storyOutcome.failed} stories could not be updated: see the Process Log and the AI Retrofit Logs.`
                    : 'Every story was updated.'}
              </p>
            ) : null}
          </div>
        ) : null}

        <ProcessLog lines={lines} />
      </div>
    </ReadyFieldset>
  );
}
