'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import type { ActionResult } from '@/lib/auth/types';
import { toast } from '@/lib/toast';
import { useHydrated } from '@/lib/use-hydrated';
import { ConfirmButton } from '../confirm-button';

type Done = { toast: string; description?: string; then?: string };

/** Runs an inbox action, says how it went, and reads the page again (or goes to `then`). */
function useInboxAction() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<ActionResult<unknown>>, done: Done): Promise<boolean> {
    setBusy(true);
    try {
      const result = await action();
      if (!result.ok) {
        toast.error('Not done', { description: result.error });
        return false;
      }
      toast.success(done.toast, done.description ? { description: done.description } : undefined);
      if (done.then) router.push(done.then);
      else router.refresh();
      return true;
    } catch {
      toast.error('Not done', { description: 'The site could not be reached. Please try again.' });
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}

/** A one-click inbox action: mark unread, archive, move to the inbox, spam or not spam. */
export function MessageActionButton({
  label,
  action,
  done,
  variant = 'secondary',
}: {
  label: string;
  action: () => Promise<ActionResult<unknown>>;
  done: Done;
  variant?: 'secondary' | 'ghost';
}) {
  const ready = useHydrated();
  const { busy, run } = useInboxAction();
  return (
    <button
      type="button"
      disabled={!ready || busy}
      aria-busy={busy || undefined}
      className={buttonVariants({ variant, size: 'sm' })}
      onClick={() => void run(action, done)}
    >
      {label}
    </button>
  );
}

/** A destructive inbox action behind a confirmation dialog (delete, delete everything, remove). */
export function ConfirmActionButton({
  label,
  title,
  description,
  confirmLabel,
  action,
  done,
}: {
  label: string;
  title: string;
  description: string;
  confirmLabel: string;
  action: () => Promise<ActionResult<unknown>>;
  done: Done;
}) {
  const ready = useHydrated();
  const { run } = useInboxAction();
  return (
    <ConfirmButton
      trigger={(busy) => (
        <button
          type="button"
          disabled={!ready || busy}
          className={buttonVariants({ variant: 'destructive', size: 'sm' })}
        >
          {label}
        </button>
      )}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      busyLabel="Working…"
      onConfirm={() => run(action, done)}
    />
  );
}
