'use client';

import { Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { buttonVariants } from '@/components/ui/button-variants';
import type { ActionResult } from '@/lib/auth/types';
import { toast } from '@/lib/toast';
import { useHydrated } from '@/lib/use-hydrated';
import { ConfirmButton } from '../confirm-button';
import { runAction } from '../run-action';

type Props = {
  /** The server action that deletes every row of this log. */
  clear: (input: Record<string, never>) => Promise<ActionResult<unknown>>;
  /** Nothing to delete: the button is disabled (docs/product.md, Application Logs). */
  empty: boolean;
  /** What the confirmation says will go, e.g. 'This will permanently delete all application logs.' */
  description: string;
  /** The 'Logs Cleared' toast's text: 'All application logs have been deleted.' or 'All AI retrofit logs have been deleted.' */
  clearedDescription: string;
};

/**
 * Clear All Logs with its confirmation ('Are you absolutely sure?' / 'Yes, delete all
 * logs'), for any log screen. Disabled when there are no logs or while the deletion runs; the
 * dialog stays open until the outcome is known, then the page's data is read again.
 */
export function ClearLogsButton({ clear, empty, description, clearedDescription }: Props) {
  const router = useRouter();
  const ready = useHydrated();

  const clearAll = async () => {
    const result = await runAction(() => clear({}), 'Failed to clear logs');
    if (!result.ok) return false;
    toast.success('Logs Cleared', { description: clearedDescription });
    router.refresh();
    return true;
  };

  return (
    <ConfirmButton
      trigger={(busy) => (
        <button
          type="button"
          disabled={!ready || empty || busy}
          aria-busy={busy || undefined}
          className={buttonVariants({ variant: 'destructive', size: 'sm' })}
        >
          <Trash2 aria-hidden className="size-4" /> {busy ? 'Clearing…' : 'Clear All Logs'}
        </button>
      )}
      title="Are you absolutely sure?"
      description={`${description} This action cannot be undone.`}
      confirmLabel="Yes, delete all logs"
      onConfirm={clearAll}
    />
  );
}
