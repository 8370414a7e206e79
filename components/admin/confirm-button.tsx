'use client';

import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';

type Props = {
  /** The button that opens the dialog, told whether the action is running (to disable itself). */
  trigger: (busy: boolean) => React.ReactElement;
  title: React.ReactNode;
  description: React.ReactNode;
  confirmLabel: string;
  /** The confirm button's label while the action runs. */
  busyLabel?: string;
  /** The action, once confirmed. Returns whether it succeeded: the dialog then closes. */
  onConfirm: () => Promise<boolean>;
};

/**
 * A destructive action behind a confirmation dialog. The dialog stays open, its buttons disabled,
 * until the action says how it went, so a slow delete cannot be confirmed twice or dismissed
 * half-way; a refused one leaves it open to try again or cancel.
 */
export function ConfirmButton({
  trigger,
  title,
  description,
  confirmLabel,
  busyLabel = 'Deleting…',
  onConfirm,
}: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      if (await onConfirm()) setOpen(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>{trigger(busy)}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogConfirm onClick={() => void confirm()} disabled={busy} aria-busy={busy || undefined}>
            {busy ? busyLabel : confirmLabel}
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
