'use client';

import { AlertTriangle, ChevronDown, RotateCcw, X } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { bulkMessages } from '@/lib/bulk-upload/messages';
import type { Duplicate, ItemFields, QueueItem } from '@/lib/bulk-upload/queue';
import { ItemEditor } from './item-editor';
import { ProgressBar } from './progress-bar';

type Props = {
  item: QueueItem;
  duplicate: Duplicate | null;
  /** In the current run (or uploaded by it): nothing may change now. */
  locked: boolean;
  inRun: boolean;
  running: boolean;
  onEdit: (field: keyof ItemFields, value: string) => void;
  onRemove: () => void;
  onKeep: () => void;
  onRetry: () => void;
};

const small = buttonVariants({ variant: 'secondary', size: 'sm' });

/** One image in the queue: preview, state and progress, duplicate choice, failure, fields. */
export function QueueItemCard({ item, duplicate, locked, inRun, running, onEdit, onRemove, onKeep, onRetry }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const title = item.fields.title.trim() || item.file.name;
  const flagged = duplicate !== null && !item.keep;

  return (
    <li
      className="rounded-card border border-line bg-white p-4"
      aria-labelledby={`${id}-title`}
      data-status={item.status}
    >
      <div className="flex gap-4">
        {/* eslint-disable-next-line @next/next/no-img-element -- a local object URL preview, nothing to optimise */}
        <img
          src={item.preview}
          alt=""
          className="size-20 shrink-0 rounded-md border border-line bg-paper-deep object-cover sm:size-24"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
            <div className="min-w-0">
              <h3 id={`${id}-title`} className="break-words font-sans text-base font-medium text-ink">
                {title}
              </h3>
              <p className="truncate text-sm text-ink-soft">
                {item.file.name} · {fileSize(item.file.size)}
              </p>
            </div>
            <StatusBadge item={item} inRun={inRun} />
          </div>
          <ItemProgress item={item} inRun={inRun} title={title} />
          {locked ? null : (
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className={small}
                aria-expanded={open}
                aria-controls={`${id}-details`}
                onClick={() => setOpen(!open)}
              >
                Edit<span className="sr-only"> {title}</span>
                <ChevronDown
                  aria-hidden
                  className={`size-4 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
                />
              </button>
              <button type="button" className={small} onClick={onRemove}>
                <X aria-hidden className="size-4" />
                Remove<span className="sr-only"> {title}</span>
              </button>
            </div>
          )}
        </div>
      </div>

      {flagged && item.status !== 'uploading' && item.status !== 'complete' ? (
        <div className="mt-4 flex flex-col gap-3 rounded-md border border-clay/40 bg-[#fbf1ec] p-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex gap-2 text-sm text-ink">
            <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-clay" />
            <span>
              <strong className="font-medium">Possible duplicate.</strong>{' '}
              {duplicate.kind === 'existing'
                ? `The artwork “${duplicate.title}” already has this image.`
                : `The same image as “${duplicate.title}”, earlier in this queue.`}{' '}
              Skip it, or keep it to upload it anyway.
            </span>
          </p>
          <div className="flex shrink-0 gap-2">
            <button type="button" className={small} onClick={onRemove} disabled={locked}>
              Skip<span className="sr-only"> {title}</span>
            </button>
            <button type="button" className={small} onClick={onKeep} disabled={locked}>
              Keep<span className="sr-only"> {title}</span>
            </button>
          </div>
        </div>
      ) : null}

      {item.status === 'failed' ? (
        <div
          role="alert"
          className="mt-4 flex flex-col gap-3 rounded-md border border-clay/40 bg-[#fbf1ec] p-3 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="text-sm">
            <p className="font-medium text-clay">{bulkMessages.itemFailed(title)}</p>
            <p className="text-ink">{item.error}</p>
          </div>
          {inRun ? null : (
            <button
              type="button"
              className={`${small} shrink-0 self-start sm:self-auto`}
              onClick={onRetry}
              disabled={running || flagged}
            >
              <RotateCcw aria-hidden className="size-4" />
              Retry<span className="sr-only"> {title}</span>
            </button>
          )}
        </div>
      ) : null}

      {open && !locked ? (
        <div id={`${id}-details`}>
          <ItemEditor fields={item.fields} disabled={locked} onEdit={onEdit} />
        </div>
      ) : null}
    </li>
  );
}

function StatusBadge({ item, inRun }: { item: QueueItem; inRun: boolean }) {
  const [text, tone] =
    item.status === 'checking'
      ? ['Checking…', 'bg-paper-deep text-ink']
      : item.status === 'uploading'
        ? ['Uploading', 'bg-wash-light text-wash-deep']
        : item.status === 'complete'
          ? ['Complete', 'bg-wash text-white']
          : item.status === 'failed'
            ? ['Failed', 'bg-clay text-white']
            : inRun
              ? ['Waiting', 'bg-paper-deep text-ink']
              : ['Ready', 'bg-paper-deep text-ink'];
  return <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-sm font-medium ${tone}`}>{text}</span>;
}

/** The upload's checkpoints as a bar: 0, 25 after the slug check, then Complete or Error. */
function ItemProgress({ item, inRun, title }: { item: QueueItem; inRun: boolean; title: string }) {
  if (!inRun && item.status !== 'failed') return null;
  const valueText = item.status === 'complete' ? 'Complete' : item.status === 'failed' ? 'Error' : `${item.progress}%`;
  return (
    <ProgressBar
      label={`Upload progress of ${title}`}
      percent={item.progress}
      valueText={valueText}
      tone={item.status === 'failed' ? 'clay' : 'wash'}
    />
  );
}

function fileSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
