'use client';

import { buttonVariants } from '@/components/ui/button-variants';
import { toast } from '@/lib/toast';

/** Copies the discount code; says so either way (clipboard access can be refused). The code itself stays selectable. */
export function CopyCodeButton({ code }: { code: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      toast('Code copied', { description: code });
    } catch {
      toast('Could not copy the code', { description: code });
    }
  }
  return (
    <button type="button" onClick={copy} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
      Copy code
    </button>
  );
}
