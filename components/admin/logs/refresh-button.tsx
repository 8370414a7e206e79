'use client';

import { RefreshCw } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { useHydrated } from '@/lib/use-hydrated';

/** Reads the page's data again, keeping its URL (filters and page). */
export function RefreshButton() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const ready = useHydrated();
  return (
    <button
      type="button"
      onClick={() => startTransition(() => router.refresh())}
      disabled={!ready || pending}
      aria-busy={pending || undefined}
      className={buttonVariants({ variant: 'secondary', size: 'sm' })}
    >
      <RefreshCw aria-hidden className={`size-4${pending ? ' animate-spin motion-reduce:animate-none' : ''}`} /> Refresh
    </button>
  );
}
