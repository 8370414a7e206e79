'use client';

import { Upload } from 'lucide-react';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { uploadThenSave } from '@/components/admin/artworks/upload-then-save';
import { checkArtworkSlug, findExistingImages } from '@/lib/bulk-upload/actions';
import { screenFile } from '@/lib/bulk-upload/accept';
import { sha256Hex } from '@/lib/bulk-upload/checksum';
import { bulkMessages } from '@/lib/bulk-upload/messages';
import { processItem, type ItemSteps } from '@/lib/bulk-upload/process-item';
import {
  canUpload,
  duplicateOf,
  initialQueue,
  isLocked,
  newItem,
  queueReducer,
  runProgress,
  uploadPlan,
  type QueueItem,
} from '@/lib/bulk-upload/queue';
import { toast } from '@/lib/toast';
import { BatchDefaultsForm } from './batch-defaults-form';
import { DropZone } from './drop-zone';
import { ProgressBar } from './progress-bar';
import { QueueItemCard } from './queue-item-card';
import { RefusedFiles, type Refusal } from './refused-files';
import { RunSummary } from './run-summary';
import { useLeaveGuard } from './use-leave-guard';
import { usePreviewRelease } from './use-preview-release';
import { ReadyFieldset } from '@/components/ui/ready-fieldset';

// The duplicate check's own limit (lib/bulk-upload/actions.ts).
const CHECKSUMS_PER_REQUEST = 500;

const steps: ItemSteps = {
  checkSlug: (slug) => checkArtworkSlug({ slug }),
  uploadThenSave: ({ fields, file }) => uploadThenSave({ fields, file }),
};

/**
 * The bulk upload screen (docs/product.md, Bulk upload): files in through the drop zone or the
 * picker, checked and flagged when they duplicate an image; batch defaults; the queue; and
 * Upload All, one item at a time through the single form's own upload-then-save.
 */
export function BulkUploader() {
  const [state, dispatch] = useReducer(queueReducer, initialQueue);
  const [refused, setRefused] = useState<Refusal[]>([]);
  // The run reads the queue as it is when it reaches each item, not as it was when it began.
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });
  const nextId = useRef(0);
  // Set at once on Upload All, before React renders the run: a double click starts one run.
  const runningNow = useRef(false);
  const queueHeading = useRef<HTMLHeadingElement>(null);

  const running = state.run !== null;
  usePreviewRelease(useMemo(() => state.items.map((item) => item.preview), [state.items]));
  useLeaveGuard(running);

  const addFiles = async (files: File[]) => {
    const accepted: QueueItem[] = [];
    const refusedNow: Refusal[] = [];
    for (const file of files) {
      const reason = await screenFile(file);
      if (reason) refusedNow.push({ name: file.name, reason });
      else accepted.push(newItem(`item-${++nextId.current}`, file, URL.createObjectURL(file), latest.current.defaults));
    }
    setRefused(refusedNow);
    if (accepted.length === 0) return;
    dispatch({ type: 'added', items: accepted });
    await checkForDuplicates(accepted);
  };

  /** Hashes each new file, then asks once which of them an artwork already has. */
  const checkForDuplicates = async (items: QueueItem[]) => {
    const checksums = new Map<string, string | null>();
    for (const item of items) checksums.set(item.id, await sha256Hex(item.file).catch(() => null));
    const known = [...new Set([...checksums.values()].filter((sum): sum is string => sum !== null))];
    const existing = new Map<string, string>();
    for (let at = 0; at < known.length; at += CHECKSUMS_PER_REQUEST) {
      const found = await findExistingImages({ checksums: known.slice(at, at + CHECKSUMS_PER_REQUEST) }).catch(
        (error: unknown) => ({
          ok: false as const,
          error: error instanceof Error ? error.message : 'network error',
        }),
      );
      if (found.ok) {
        for (const match of found.data) existing.set(match.checksum, match.title);
      } else {
        toast.error('Duplicate check failed', {
          description: `The queue could not be compared with the catalogue: ${found.error}`,
        });
        break;
      }
    }
    for (const item of items) {
      const checksum = checksums.get(item.id) ?? null;
      dispatch({
        type: 'checked',
        id: item.id,
        checksum,
        existingMatch: checksum ? (existing.get(checksum) ?? null) : null,
      });
    }
  };

  const run = async (requested: string[]) => {
    const ids = requested.filter((id) =>
      latest.current.items.some((item) => item.id === id && canUpload(latest.current.items, item)),
    );
    if (runningNow.current || ids.length === 0) return;
    runningNow.current = true;
    dispatch({ type: 'runStarted', ids });
    let done = 0;
    for (const id of ids) {
      const item = latest.current.items.find((candidate) => candidate.id === id);
      if (!item) continue;
      // Items are processed one at a time (docs/product.md, Bulk upload).
      await processItem(item, steps, (action) => {
        if (action.type === 'itemCompleted') done++;
        dispatch(action);
      });
    }
    dispatch({ type: 'runFinished' });
    runningNow.current = false;
    const failed = ids.length - done;
    if (failed === 0) toast.success(bulkMessages.complete(done, ids.length));
    else
      toast(bulkMessages.complete(done, ids.length), {
        description: `${failed} failed and ${failed === 1 ? 'stays' : 'stay'} in the queue to retry.`,
      });
  };

  const plan = uploadPlan(state.items);
  const progress = runProgress(state);
  const editable = state.items.filter((item) => !isLocked(state, item)).length;

  return (
    <div className="flex flex-col gap-8">
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-4">
          <DropZone onFiles={(files) => void addFiles(files)} />
          <RefusedFiles refused={refused} onDismiss={() => setRefused([])} />
        </div>
        <ReadyFieldset>
          <BatchDefaultsForm
            defaults={state.defaults}
            onChange={(defaults) => dispatch({ type: 'defaultsChanged', defaults })}
            canApply={editable > 0}
            onApply={() => {
              dispatch({ type: 'defaultsApplied' });
              toast.success(bulkMessages.defaultsApplied, {
                description: `Category, price and description set on ${editable} ${editable === 1 ? 'image' : 'images'}.`,
              });
            }}
          />
        </ReadyFieldset>
      </div>

      <ReadyFieldset>
        <section aria-labelledby="upload-queue-heading" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <h2
              id="upload-queue-heading"
              ref={queueHeading}
              tabIndex={-1}
              className="font-serif text-2xl focus:outline-none"
            >
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
                {plan.undecided === 1 ? '1 possible duplicate waits' : `${plan.undecided} possible duplicates wait`} for
                you to skip or keep it; Upload All leaves {plan.undecided === 1 ? 'it' : 'them'} in the queue.
              </p>
            ) : null}
          </div>

          {progress ? (
            <div className="rounded-card border border-line bg-white p-4">
              <p className="mb-2 text-sm font-medium text-ink" aria-live="polite">
                {progress.processed} of {progress.total} processed
              </p>
              <ProgressBar
                label="Overall upload progress"
                percent={progress.percent}
                valueText={`${progress.percent}%`}
              />
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
                    queueHeading.current?.focus();
                  }}
                  onKeep={() => dispatch({ type: 'kept', id: item.id })}
                  onRetry={() => void run([item.id])}
                />
              ))}
            </ul>
          )}
        </section>
      </ReadyFieldset>
    </div>
  );
}
