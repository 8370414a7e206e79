'use client';

import { Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { AlertDialog, AlertDialogCancel, AlertDialogConfirm, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogTitle, AlertDialogTrigger } from '@/components/ui/alert-dialog';
import { buttonVariants } from '@/components/ui/button-variants';
import type { ActionResult } from '@/lib/auth/types';
import { toast } from '@/lib/toast';
import { useHydrated } from '@/lib/use-hydrated';

type Props = {
  /** The server action that deletes every row of this log. */
  clear: (input: Record<string, never>) => Promise<ActionResult<unknown>>;
  /** Nothing to delete: the button is disabled (spec §5). */
  empty: boolean;
  /** What the confirmation says will go, e.g. 'This will permanently delete all application logs.' */
  description: string;
  /** The 'Logs Cleared' toast's text: 'All application logs have been deleted.' or 'All AI retrofit logs have been deleted.' */
  clearedDescription: string;
};

/**
 * Clear All Logs with the spec's confirmation ('Are you absolutely sure?' / 'Yes, delete all
 * logs'), for any log screen. Disabled when there are no logs or while the deletion runs; the
 * dialog stays open until the outcome is known, then the page's data is read again.
 */
export function ClearLogsButton({ clear, empty, description, clearedDescription }: Props) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      const result = await clear({});
      if (!result.ok) {
        toast.error('Failed to clear logs', { description: result.error });
        return;
      }
      toast.success('Logs Cleared', { description: clearedDescription });
      setOpen(false);
      router.refresh();
    } catch (error) {
      toast.error('Failed to clear logs', { description: error instanceof Error ? error.message : 'Something went wrong' });
    } finally {
      setBusy(false);
    }
  };

  const ready = useHydrated();
  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <button type="button" disabled={!ready || empty || busy} aria-busy={busy || undefined} className={buttonVariants({ variant: 'destructive', size: 'sm' })}>
          <Trash2 aria-hidden className="size-4" /> {busy ? 'Clearing…' : 'Clear All Logs'}
        </button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Are you absolutely sure?</AlertDialogTitle>
        <AlertDialogDescription>{description} This action cannot be undone.</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogConfirm onClick={confirm} disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Deleting…' : 'Yes, delete all logs'}
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
