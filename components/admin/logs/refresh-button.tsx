'use client';

import { RefreshCw } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';

/** Reads the page's data again, keeping its URL (filters and page). */
export function RefreshButton() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <button type="button" onClick={() => startTransition(() => router.refresh())} disabled={pending} aria-busy={pending || undefined} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
      <RefreshCw aria-hidden className={`size-4${pending ? ' animate-spin motion-reduce:animate-none' : ''}`} /> Refresh
    </button>
  );
}
