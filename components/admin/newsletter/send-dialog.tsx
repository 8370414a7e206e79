'use client';

import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { letterMessages } from '@/lib/newsletter/letter-fields';
import { fromLondonLocal, toLondonLocal } from '@/lib/newsletter/london-time';
import type { SendChoice } from './use-letter-editor';

type Props = {
  title: string;
  /** Confirmed subscribers now: who "Send now" reaches. */
  confirmed: number;
  /** The scheduled time, when there is one: the dialog opens on it. */
  sendAt: string | null;
  disabled: boolean;
  busy: boolean;
  /** Sends or schedules; true when it was done (the dialog closes). */
  onSend: (choice: SendChoice) => Promise<boolean>;
};

const subscribers = (n: number) => `${n} confirmed ${n === 1 ? 'subscriber' : 'subscribers'}`;

/**
 * "Send…": now, or at a date and time in London, after a confirmation that says to how many.
 * The dialog stays open while it works, so a slow send cannot be confirmed twice.
 */
export function SendDialog({ title, confirmed, sendAt, disabled, busy, onSend }: Props) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [when, setWhen] = useState<'now' | 'later'>(sendAt ? 'later' : 'now');
  const [at, setAt] = useState(sendAt ? toLondonLocal(new Date(sendAt)) : '');
  const [problem, setProblem] = useState<string | null>(null);

  const confirm = async () => {
    if (when === 'later') {
      const time = fromLondonLocal(at);
      const why = !time ? letterMessages.badTime : time.getTime() <= Date.now() ? letterMessages.pastTime : null;
      setProblem(why);
      if (why) return;
    }
    if (await onSend(when === 'now' ? { when } : { when, at })) setOpen(false);
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button type="button" disabled={disabled}>
          <Send aria-hidden className="size-4" /> {sendAt ? 'Change time or send…' : 'Send…'}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>
          Send “{title}” to {subscribers(confirmed)}?
        </AlertDialogTitle>
        <AlertDialogDescription>
          Each gets their own email, with their discount code and a link to unsubscribe. Once it starts, the letter can
          no longer be changed, and it appears on the site under Past letters.
        </AlertDialogDescription>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-medium text-ink">When</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name={`${ids}-when`} checked={when === 'now'} onChange={() => setWhen('now')} />
            Now
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name={`${ids}-when`} checked={when === 'later'} onChange={() => setWhen('later')} />
            At a date and time
          </label>
          {when === 'later' ? (
            <div className="flex flex-col gap-1.5 pl-6">
              <Label htmlFor={`${ids}-at`}>Date and time (London)</Label>
              <Input
                id={`${ids}-at`}
                type="datetime-local"
                value={at}
                min={toLondonLocal(new Date())}
                onChange={(event) => setAt(event.target.value)}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${ids}-problem` : undefined}
              />
            </div>
          ) : null}
          {problem ? (
            <p id={`${ids}-problem`} className="text-sm font-medium text-clay">
              {problem}
            </p>
          ) : null}
        </fieldset>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <button
            type="button"
            className={buttonVariants({ size: 'sm' })}
            onClick={() => void confirm()}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? 'Working…' : when === 'now' ? 'Send now' : 'Schedule'}
          </button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
