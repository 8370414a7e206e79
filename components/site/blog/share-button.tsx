'use client';

import { toast } from '@/lib/toast';
// buttonVariants, not <Button>: the Button component pulls Radix Slot into this client island.
import { buttonVariants } from '@/components/ui/button-variants';
import { IconSvg } from '@/components/site/icon-svg';

/**
 * Sharing is not built yet (docs/product.md, Blog post); the button says so instead of failing
 * silently.
 */
export function ShareButton() {
  return (
    <button
      type="button"
      className={`${buttonVariants({ variant: 'secondary', size: 'sm' })} min-h-11`}
      onClick={() => toast('Sharing Coming Soon', { description: 'Sharing stories is not implemented yet.' })}
    >
      <IconSvg className="size-4">
        <circle cx="18" cy="5" r="3" />
        <circle cx="6" cy="12" r="3" />
        <circle cx="18" cy="19" r="3" />
        <path d="m8.59 13.51 6.83 3.98M15.41 6.51l-6.82 3.98" />
      </IconSvg>
      Share
    </button>
  );
}
