'use client';

import { Switch } from 'radix-ui';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { setShopOpen } from '@/lib/shop/admin-actions';
import { toast } from '@/lib/toast';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * 'Open the shop' (docs/product.md, Shop & Payments). It cannot be switched on while
 * payments are not set up (`canOpen`); an open shop can always be closed. The server checks
 * again and refuses opening without payments.
 */
export function ShopSwitch({ open: initial, canOpen }: { open: boolean; canOpen: boolean }) {
  const router = useRouter();
  const ready = useHydrated();
  const [open, setOpen] = useState(initial);
  const [busy, setBusy] = useState(false);

  async function toggle(next: boolean) {
    setBusy(true);
    setOpen(next);
    const result = await setShopOpen({ open: next }).catch(() => ({
      ok: false as const,
      error: 'The change could not be saved. Please try again.',
    }));
    setBusy(false);
    if (!result.ok) {
      setOpen(!next);
      toast.error('Not saved', { description: result.error });
      return;
    }
    toast.success(next ? 'Shop opened' : 'Shop closed', {
      description: next
        ? 'Visitors can now buy from the shop and the artwork pages.'
        : 'Nothing can be bought; the shop and artwork pages are as on a new site.',
    });
    router.refresh();
  }

  return (
    <div className="flex items-start gap-4 rounded-card border border-line bg-white p-5">
      <Switch.Root
        id="shop-open"
        checked={open}
        onCheckedChange={toggle}
        disabled={!ready || busy || (!open && !canOpen)}
        aria-busy={busy || undefined}
        aria-describedby="shop-open-help"
        className="relative mt-0.5 inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent bg-ink-soft/40 transition-colors data-[state=checked]:bg-wash disabled:opacity-60"
      >
        <Switch.Thumb className="block size-6 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
      </Switch.Root>
      <div>
        <label htmlFor="shop-open" className="font-medium text-ink">
          Open the shop
        </label>
        <p id="shop-open-help" className="mt-1 text-sm text-ink-soft">
          {open
            ? 'Open: visitors can buy the products below and the originals for sale, paying through Stripe.'
            : canOpen
              ? 'Closed: the shop and the artwork pages stay as on a new site, and nothing can be bought.'
              : 'Closed. Payments are not set up, so the shop cannot be opened yet: see “Setting up payments” below.'}
        </p>
      </div>
    </div>
  );
}
