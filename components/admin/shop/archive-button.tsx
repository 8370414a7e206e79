'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { archiveProduct, archiveVariant } from '@/lib/shop/admin-actions';
import { toast } from '@/lib/toast';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * Archive or unarchive a product, or one of its variants (`variantId`). Nothing is deleted: what
 * was sold keeps pointing at it; an archived one is no longer for sale.
 */
export function ArchiveButton({
  productId,
  variantId,
  archived,
  name,
}: {
  productId: string;
  variantId?: string;
  archived: boolean;
  name: string;
}) {
  const router = useRouter();
  const ready = useHydrated();
  const [busy, setBusy] = useState(false);

  async function toggle() {
    setBusy(true);
    const next = !archived;
    const result = await (
      variantId
        ? archiveVariant({ productId, id: variantId, archived: next })
        : archiveProduct({ id: productId, archived: next })
    ).catch(() => ({
      ok: false as const,
      error: 'The change could not be saved. Please try again.',
    }));
    setBusy(false);
    if (!result.ok) {
      toast.error('Not saved', { description: result.error });
      return;
    }
    toast.success(next ? `${name} archived` : `${name} is for sale again`);
    router.refresh();
  }

  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      onClick={toggle}
      disabled={!ready || busy}
      aria-busy={busy || undefined}
      aria-label={`${archived ? 'Unarchive' : 'Archive'} ${name}`}
    >
      {archived ? 'Unarchive' : 'Archive'}
    </Button>
  );
}
