'use client';

import { Share2 } from 'lucide-react';
import { toast } from '@/lib/toast';
// buttonVariants, not <Button>: the Button component pulls Radix Slot into this client island.
import { buttonVariants } from '@/components/ui/button-variants';

/** Sharing is not built yet (spec §8 placeholder toast); the button says so instead of failing silently. */
export function ShareButton() {
  return (
    <button
      type="button"
      className={`${buttonVariants({ variant: 'secondary', size: 'sm' })} min-h-11`}
      onClick={() => toast('Sharing Coming Soon', { description: 'Sharing stories is not implemented yet.' })}
    >
      <Share2 aria-hidden className="size-4" />
      Share
    </button>
  );
}
