'use client';

import { Switch } from 'radix-ui';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { setReceiveMessages } from '@/lib/messages/actions';
import { toast } from '@/lib/toast';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * 'Receive messages from visitors' (docs/product.md, Messages). Takes effect when toggled: the
 * server saves it and the public pages' tag is invalidated, so the forms send from their next
 * render.
 */
export function ReceiveSwitch({ on: initial }: { on: boolean }) {
  const router = useRouter();
  const ready = useHydrated();
  const [on, setOn] = useState(initial);
  const [busy, setBusy] = useState(false);

  async function toggle(next: boolean) {
    setBusy(true);
    setOn(next);
    const result = await setReceiveMessages({ on: next }).catch(() => ({
      ok: false as const,
      error: 'The change could not be saved. Please try again.',
    }));
    setBusy(false);
    if (!result.ok) {
      setOn(!next);
      toast.error('Not saved', { description: result.error });
      return;
    }
    toast.success(next ? 'Messages switched on' : 'Messages switched off', {
      description: next
        ? 'The contact and footer forms now deliver to this inbox.'
        : 'The forms are display-only again; nothing visitors write is sent.',
    });
    router.refresh();
  }

  return (
    <div className="flex items-start gap-4 rounded-card border border-line bg-white p-5">
      <Switch.Root
        id="receive-messages"
        checked={on}
        onCheckedChange={toggle}
        disabled={!ready || busy}
        aria-busy={busy || undefined}
        aria-describedby="receive-messages-help"
        className="relative mt-0.5 inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent bg-ink-soft/40 transition-colors data-[state=checked]:bg-wash disabled:opacity-60"
      >
        <Switch.Thumb className="block size-6 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
      </Switch.Root>
      <div>
        <label htmlFor="receive-messages" className="font-medium text-ink">
          Receive messages from visitors
        </label>
        <p id="receive-messages-help" className="mt-1 text-sm text-ink-soft">
          {on
            ? 'On: the contact form, the footer form and painting enquiries arrive here.'
            : 'Off: the forms only show a notice and send nothing, as on a new site.'}
        </p>
      </div>
    </div>
  );
}
