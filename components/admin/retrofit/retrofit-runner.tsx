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
import { browserRetrofitIo } from './retrofit-io';
import { runRetrofit, type LogLine, type RetrofitOutcome } from './run-retrofit';
import { ReadyFieldset } from '@/components/ui/ready-fieldset';

/** The AI SEO Retrofit screen's controls, progress, log and end panels (spec §2, §4). */
export function RetrofitRunner({ initialBatchSize, configured }: { initialBatchSize: number; configured: boolean }) {
  const [batchSize, setBatchSize] = useState(initialBatchSize);
  const [running, setRunning] = useState(false);
  const [lines, setLines] = useState<LogLine[]>([]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [outcome, setOutcome] = useState<RetrofitOutcome | null>(null);

  const run = async () => {
    setRunning(true);
    setLines([]);
    setProgress(null);
    setOutcome(null);
    try {
      const result = await runRetrofit(
        { ...browserRetrofitIo, log: (line) => setLines((all) => [...all, line]), progress: (done, total) => setProgress({ done, total }) },
        batchSize,
      );
      setOutcome(result);
      if (result.kind === 'nothing-to-do') toast.success('All Good!', { description: 'No artworks needed an update.' });
      else if (result.kind === 'fatal') toast.error('Retrofit Failed', { description: result.error });
      else if (result.sitemapError) toast.error('Sitemap Generation Failed', { description: `Sitemap generation failed: ${result.sitemapError}` });
      else toast.success('✅ Success!', { description: 'All artworks have been processed and sitemap updated.' });
    } finally {
      setRunning(false);
    }
  };

  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <ReadyFieldset>
      <div className="flex flex-col gap-6">
        <div role="note" className="flex gap-3 rounded-card border border-clay/40 bg-white p-4 text-ink">
          <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-clay" />
          <div className="flex flex-col gap-1">
            <p className="font-medium">Artworks missing an SEO title or a long description have their metadata overwritten with AI content.</p>
            <p className="text-sm text-ink-soft">
              Only empty fields are filled: anything you wrote yourself stays. The earlier text is kept, and each changed artwork&apos;s edit page offers &lsquo;Restore previous text&rsquo;.
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
              The number of artworks sent to the AI in each request. Lower it if requests time out.
            </p>
          </div>
          <div className="flex flex-col items-start gap-2 sm:items-end">
            <Button type="button" onClick={run} disabled={running || !configured} aria-busy={running || undefined} aria-describedby={configured ? undefined : 'ai-off-hint'}>
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
            <h2 id="progress-heading" className="sr-only">Progress</h2>
            <div role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-labelledby="progress-text" className="h-3 overflow-hidden rounded-full bg-wash-light">
              <div className="h-full bg-wash transition-[width] motion-reduce:transition-none" style={{ width: `${percent}%` }} />
            </div>
            <p id="progress-text" className="mt-2 text-sm text-ink" aria-live="polite">
              {progress.done} / {progress.total} artworks processed ({percent}%)
            </p>
          </section>
        ) : null}

        {outcome?.kind === 'fatal' ? (
          <div role="alert" className="rounded-card border border-clay bg-white p-4 sm:p-5">
            <h2 className="flex items-center gap-2 font-serif text-xl text-clay">
              <CircleAlert aria-hidden className="size-5" /> Fatal Error
            </h2>
            <p className="mt-1 text-ink">{outcome.error}</p>
            <p className="mt-1 text-sm text-ink-soft">The run stopped here. Artworks already done keep their new text; run it again to continue.</p>
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
                  : 'Every artwork was updated.'}
            </p>
          </div>
        ) : null}

        <ProcessLog lines={lines} />
      </div>
    </ReadyFieldset>
  );
}
