'use client';

import { Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { AlertDialog, AlertDialogCancel, AlertDialogConfirm, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogTitle, AlertDialogTrigger } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { deleteArtwork } from '@/lib/artworks/admin/actions';
import { useHydrated } from '@/lib/use-hydrated';

type Props = {
  id: string;
  title: string;
  /** Toast title on failure: 'Database Deletion Failed' on the edit form, 'Failed to delete artwork' in the list. */
  failureTitle: string;
  /** Where to go afterwards; without it the current page refreshes. */
  afterDelete?: string;
  size?: 'sm' | 'md';
};

/** Delete with a confirmation that says what is lost: the record and, for good, its image. */
export function DeleteArtworkButton({ id, title, failureTitle, afterDelete, size = 'md' }: Props) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      const result = await deleteArtwork({ id });
      if (!result.ok) {
        toast.error(failureTitle, { description: result.error });
        return;
      }
      toast.success('Artwork Deleted', { description: `"${title}" has been deleted.` });
      setOpen(false);
      if (afterDelete) router.push(afterDelete);
      router.refresh();
    } catch (error) {
      toast.error(failureTitle, { description: error instanceof Error ? error.message : 'Something went wrong' });
    } finally {
      setBusy(false);
    }
  };

  const ready = useHydrated();
  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="destructive" size={size === 'sm' ? 'sm' : 'md'} aria-label={size === 'sm' ? `Delete ${title}` : undefined} disabled={!ready}>
          <Trash2 aria-hidden className="size-4" /> Delete
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Delete &ldquo;{title}&rdquo;?</AlertDialogTitle>
        <AlertDialogDescription>
          This action cannot be undone. The artwork will be removed from the site and its image will be permanently deleted.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogConfirm onClick={confirm} disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Deleting…' : 'Delete artwork'}
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
