'use client';

import { useEffect, useId, useRef } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';

type Props = { open: boolean; count: number; busy: boolean; onCancel: () => void; onConfirm: () => void };

const countFormat = new Intl.NumberFormat('en-GB');

/**
 * 'Delete {n} artworks?' (docs/product.md, Bulk Manage Artworks), in the singular for one.
 */
export function deleteTitle(count: number): string {
  return count === 1 ? 'Delete 1 artwork?' : `Delete ${countFormat.format(count)} artworks?`;
}

/**
 * The bulk delete confirmation, on the native modal <dialog>: it traps focus, makes the page
 * inert and closes on Escape without a dialog library in the page's JavaScript; Cancel, first,
 * has the focus. Escape and Cancel do nothing while the delete runs: the outcome must be seen.
 */
export function BulkDeleteDialog({ open, count, busy, onCancel, onConfirm }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-card border border-line bg-white p-6 text-ink shadow-lg backdrop:bg-ink/50"
    >
      <h2 id={titleId} className="font-serif text-xl text-ink">
        {deleteTitle(count)}
      </h2>
      <p id={textId} className="mt-4 text-sm text-ink-soft">
        This will permanently delete the selected artworks and their images. This action cannot be undone.
      </p>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={onCancel}
          disabled={busy}
          className={buttonVariants({ variant: 'secondary', size: 'sm' })}
        >
          Cancel
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
          className={buttonVariants({ variant: 'destructive', size: 'sm' })}
        >
          {busy ? 'Deleting…' : 'Confirm Delete'}
        </button>
      </div>
    </dialog>
  );
}
