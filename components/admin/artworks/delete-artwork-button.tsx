'use client';

import { Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { deleteArtwork } from '@/lib/artworks/admin/actions';
import { useHydrated } from '@/lib/use-hydrated';
import { ConfirmButton } from '../confirm-button';
import { runAction } from '../run-action';

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
  const ready = useHydrated();

  const remove = async () => {
    const result = await runAction(() => deleteArtwork({ id }), failureTitle);
    if (!result.ok) return false;
    toast.success('Artwork Deleted', { description: `"${title}" has been deleted.` });
    if (afterDelete) router.push(afterDelete);
    router.refresh();
    return true;
  };

  return (
    <ConfirmButton
      trigger={() => (
        <Button
          type="button"
          variant="destructive"
          size={size === 'sm' ? 'sm' : 'md'}
          aria-label={size === 'sm' ? `Delete ${title}` : undefined}
          disabled={!ready}
        >
          <Trash2 aria-hidden className="size-4" /> Delete
        </Button>
      )}
      title={<>Delete &ldquo;{title}&rdquo;?</>}
      description="This action cannot be undone. The artwork will be removed from the site and its image will be permanently deleted."
      confirmLabel="Delete artwork"
      onConfirm={remove}
    />
  );
}
