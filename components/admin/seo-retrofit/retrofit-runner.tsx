'use client';

import { useReducer, useState } from 'react';
import { toast } from '@/lib/toast';
import { ProcessLog } from './process-log';
import { RetrofitControls, RetrofitNote, RetrofitOutcomePanel, RetrofitProgress } from './retrofit-panels';
import { browserRetrofitIo, browserStoryRetrofitIo } from './retrofit-io';
import { endToast, initialRetrofit, retrofitReducer } from './retrofit-state';
import { runRetrofit } from './run-retrofit';
import { ReadyFieldset } from '@/components/ui/ready-fieldset';

/**
 * The AI SEO Retrofit screen's controls, progress, log and end panels
 * (docs/product.md, AI SEO Retrofit); stories follow the artworks.
 */
export function RetrofitRunner({ initialBatchSize, configured }: { initialBatchSize: number; configured: boolean }) {
  const [batchSize, setBatchSize] = useState(initialBatchSize);
  const [{ running, lines, progress, storyProgress, outcome }, dispatch] = useReducer(retrofitReducer, initialRetrofit);

  const run = async () => {
    dispatch({ type: 'started' });
    try {
      const result = await runRetrofit(
        {
          ...browserRetrofitIo,
          log: (line) => dispatch({ type: 'logged', line }),
          progress: (done, total) => dispatch({ type: 'progressed', progress: { done, total } }),
          stories: {
            ...browserStoryRetrofitIo,
            progress: (done, total) => dispatch({ type: 'storiesProgressed', progress: { done, total } }),
          },
        },
        batchSize,
      );
      dispatch({ type: 'finished', outcome: result });
      const { kind, title, description } = endToast(result);
      toast[kind](title, { description });
    } finally {
      dispatch({ type: 'stopped' });
    }
  };

  return (
    <ReadyFieldset>
      <div className="flex flex-col gap-6">
        <RetrofitNote />
        <RetrofitControls
          batchSize={batchSize}
          onBatchSize={setBatchSize}
          running={running}
          configured={configured}
          onRun={run}
        />
        {progress ? <RetrofitProgress progress={progress} storyProgress={storyProgress} /> : null}
        {outcome ? <RetrofitOutcomePanel outcome={outcome} hasArtworks={(progress?.total ?? 0) > 0} /> : null}
        <ProcessLog lines={lines} />
      </div>
    </ReadyFieldset>
  );
}
