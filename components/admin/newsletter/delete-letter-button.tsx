'use client';

import { Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { ConfirmButton } from '@/components/admin/confirm-button';
import { runAction } from '@/components/admin/run-action';
import { Button } from '@/components/ui/button';
import { deleteLetterAction } from '@/lib/newsletter/actions';
import { toast } from '@/lib/toast';

/** Delete, behind a confirmation: a draft or scheduled letter goes; a sent one leaves the site too. */
export function DeleteLetterButton({
  id,
  title,
  disabled,
  sent = false,
}: {
  id: string;
  title: string;
  disabled: boolean;
  sent?: boolean;
}) {
  const router = useRouter();
  const remove = async () => {
    const result = await runAction(() => deleteLetterAction({ id }), 'Letter not deleted');
    if (!result.ok) return false;
    toast.success('Letter deleted', { description: `“${title}” has been deleted.` });
    router.push('/admin/newsletter');
    return true;
  };
  return (
    <ConfirmButton
      trigger={() => (
        <Button type="button" variant="ghost" className="ml-auto text-clay" disabled={disabled}>
          <Trash2 aria-hidden className="size-4" /> Delete
        </Button>
      )}
      title="Delete this letter?"
      description={
        sent
          ? `“${title}” will be removed from the site’s past letters, the sitemap and the feed. The emails already sent stay in their inboxes. This cannot be undone.`
          : `“${title}” will be deleted. This cannot be undone.`
      }
      confirmLabel="Delete"
      onConfirm={remove}
    />
  );
}
