'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { dismissStrayPayment } from '@/lib/shop/order-actions';
import { toast } from '@/lib/toast';
import { useHydrated } from '@/lib/use-hydrated';
import { runAction } from '../run-action';

/** "Refunded in Stripe": the stray payment leaves the list. */
export function DismissStray({ checkoutId }: { checkoutId: string }) {
  const ready = useHydrated();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  async function dismiss() {
    setBusy(true);
    try {
      const result = await runAction(() => dismissStrayPayment({ checkoutId }), 'Not dismissed');
      if (!result.ok) return;
      toast.success('Dismissed');
      router.refresh();
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      onClick={dismiss}
      disabled={!ready || busy}
      className={buttonVariants({ variant: 'secondary', size: 'sm' })}
    >
      Refunded in Stripe: dismiss
    </button>
  );
}
