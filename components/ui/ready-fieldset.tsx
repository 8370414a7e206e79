'use client';

import { useHydrated } from '@/lib/use-hydrated';
import { cn } from '@/lib/utils';

/**
 * Controls inside wait, disabled (and dimmed by their :disabled styles), until the island has
 * hydrated: in the server's HTML a button, checkbox or field has no handler yet, and what is
 * typed, ticked or clicked then would be lost or overwritten when React takes charge. A
 * `display: contents` fieldset, so it changes no layout. Links stay live (they work without
 * JavaScript).
 */
export function ReadyFieldset({ className, children }: { className?: string; children: React.ReactNode }) {
  const ready = useHydrated();
  return (
    <fieldset disabled={!ready} aria-busy={!ready || undefined} className={cn('contents', className)}>
      {children}
    </fieldset>
  );
}
