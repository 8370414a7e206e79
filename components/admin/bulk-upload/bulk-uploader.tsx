'use client';

import { useEffect, useMemo, useReducer, useRef, useState, type Dispatch } from 'react';
import { findExistingImages } from '@/lib/bulk-upload/actions';
import { screenFile } from '@/lib/bulk-upload/accept';
import { sha256Hex } from '@/lib/bulk-upload/checksum';
import { bulkMessages } from '@/lib/bulk-upload/messages';
import {
  initialQueue,
  isLocked,
  newItem,
  queueReducer,
  type QueueAction,
  type QueueItem,
} from '@/lib/bulk-upload/queue';
import { toast } from '@/lib/toast';
import { BatchDefaultsForm } from './batch-defaults-form';
import { checkedActions, checksumBatches } from './duplicate-check';
import { DropZone } from './drop-zone';
import { QueueSection } from './queue-section';
import { RefusedFiles, type Refusal } from './refused-files';
import { useLeaveGuard } from './use-leave-guard';
import { usePreviewRelease } from './use-preview-release';
import { useUploadRun } from './use-upload-run';
import { ReadyFieldset } from '@/components/ui/ready-fieldset';

/** Hashes each new file, then asks once which of them an artwork already has. */
async function checkForDuplicates(items: QueueItem[], dispatch: Dispatch<QueueAction>) {
  const checksums = new Map<string, string | null>();
  for (const item of items) checksums.set(item.id, await sha256Hex(item.file).catch(() => null));
  const existing = new Map<string, string>();
  for (const batch of checksumBatches(checksums.values())) {
    const found = await findExistingImages({ checksums: batch }).catch((error: unknown) => ({
      ok: false as const,
      error: error instanceof Error ? error.message : 'network error',
    }));
    if (found.ok) {
      for (const match of found.data) existing.set(match.checksum, match.title);
    } else {
      toast.error('Duplicate check failed', {
        description: `The queue could not be compared with the catalogue: ${found.error}`,
      });
      break;
    }
  }
  for (const action of checkedActions(items, checksums, existing)) dispatch(action);
}

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
  const queueHeading = useRef<HTMLHeadingElement>(null);

  const running = state.run !== null;
  usePreviewRelease(useMemo(() => state.items.map((item) => item.preview), [state.items]));
  useLeaveGuard(running);
  const run = useUploadRun(latest, dispatch);

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
    await checkForDuplicates(accepted, dispatch);
  };

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
        <QueueSection state={state} dispatch={dispatch} run={run} headingRef={queueHeading} />
      </ReadyFieldset>
    </div>
  );
}
