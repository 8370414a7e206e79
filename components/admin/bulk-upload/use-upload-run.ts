import { useRef, type Dispatch, type RefObject } from 'react';
import { uploadThenSave } from '@/components/admin/artworks/upload-then-save';
import { checkArtworkSlug } from '@/lib/bulk-upload/actions';
import { bulkMessages } from '@/lib/bulk-upload/messages';
import { processItem, type ItemSteps } from '@/lib/bulk-upload/process-item';
import { canUpload, type QueueAction, type QueueState } from '@/lib/bulk-upload/queue';
import { toast } from '@/lib/toast';

const steps: ItemSteps = {
  checkSlug: (slug) => checkArtworkSlug({ slug }),
  uploadThenSave: ({ fields, file }) => uploadThenSave({ fields, file }),
};

/**
 * Upload All (and one item's Retry): the requested items that may go, one at a time through the
 * single form's own upload-then-save, then a toast that says how it went. `latest` is the queue
 * as it is now: the run reads each item when it reaches it, not as it was when the run began.
 */
export function useUploadRun(latest: RefObject<QueueState>, dispatch: Dispatch<QueueAction>) {
  // Set at once on Upload All, before React renders the run: a double click starts one run.
  const runningNow = useRef(false);

  return async (requested: string[]) => {
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
}
