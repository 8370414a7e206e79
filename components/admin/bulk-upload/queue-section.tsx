import { Upload } from 'lucide-react';
import type { Dispatch, RefObject } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import {
  duplicateOf,
  isLocked,
  runProgress,
  uploadPlan,
  type QueueAction,
  type QueueState,
} from '@/lib/bulk-upload/queue';
import { ProgressBar } from './progress-bar';
import { QueueItemCard } from './queue-item-card';
import { RunSummary } from './run-summary';

type Props = {
  state: QueueState;
  dispatch: Dispatch<QueueAction>;
  run: (ids: string[]) => Promise<void>;
  /** Focus goes back to the heading when an item is removed. */
  headingRef: RefObject<HTMLHeadingElement | null>;
};

/** The upload queue: Upload All, what holds items back, the run's progress and summary, the items. */
export function QueueSection({ state, dispatch, run, headingRef }: Props) {
  const running = state.run !== null;
  const plan = uploadPlan(state.items);
  const progress = runProgress(state);

  return (
    <section aria-labelledby="upload-queue-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="upload-queue-heading" ref={headingRef} tabIndex={-1} className="font-serif text-2xl focus:outline-none">
          Upload queue <span className="text-ink-soft">({state.items.length})</span>
        </h2>
        <button
          type="button"
          className={buttonVariants()}
          disabled={running || plan.ids.length === 0}
          aria-busy={running || undefined}
          onClick={() => void run(plan.ids)}
        >
          <Upload aria-hidden className="size-4" />
          {running ? 'Uploading…' : 'Upload All'}
        </button>
      </div>

      <div aria-live="polite" className="flex flex-col gap-1 text-sm text-ink-soft empty:hidden">
        {!running && plan.checking > 0 ? (
          <p>Checking {plan.checking === 1 ? '1 image' : `${plan.checking} images`} for duplicates…</p>
        ) : null}
        {!running && plan.undecided > 0 ? (
          <p>
            {plan.undecided === 1 ? '1 possible duplicate waits' : `${plan.undecided} possible duplicates wait`} for you
            to skip or keep it; Upload All leaves {plan.undecided === 1 ? 'it' : 'them'} in the queue.
          </p>
        ) : null}
      </div>

      {progress ? (
        <div className="rounded-card border border-line bg-white p-4">
          <p className="mb-2 text-sm font-medium text-ink" aria-live="polite">
            {progress.processed} of {progress.total} processed
          </p>
          <ProgressBar label="Overall upload progress" percent={progress.percent} valueText={`${progress.percent}%`} />
        </div>
      ) : null}

      {state.finished && !running ? <RunSummary {...state.finished} /> : null}

      {state.items.length === 0 ? (
        <p className="rounded-card border border-dashed border-line p-8 text-center text-ink-soft">
          No images in the queue yet. Drop some above, or choose them.
        </p>
      ) : (
        <ul aria-label="Images in the queue" className="flex flex-col gap-3">
          {state.items.map((item) => (
            <QueueItemCard
              key={item.id}
              item={item}
              duplicate={duplicateOf(state.items, item)}
              locked={isLocked(state, item)}
              inRun={state.run?.ids.includes(item.id) ?? false}
              running={running}
              onEdit={(field, value) => dispatch({ type: 'edited', id: item.id, field, value })}
              onRemove={() => {
                dispatch({ type: 'removed', id: item.id });
                headingRef.current?.focus();
              }}
              onKeep={() => dispatch({ type: 'kept', id: item.id })}
              onRetry={() => void run([item.id])}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
