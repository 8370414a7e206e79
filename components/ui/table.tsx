import { cn } from '@/lib/utils';

/**
 * A wrapper that scrolls its table sideways on narrow screens instead of squeezing it. Named by
 * `label`, it is a focusable region, so a keyboard can scroll it when nothing inside can take focus
 * (axe: scrollable-region-focusable); keep it outside a disabled fieldset, whose contents axe
 * counts as unfocusable.
 */
export function ScrollRegion({ label, children }: { label?: string; children: React.ReactNode }) {
  const focusable = label ? { tabIndex: 0, role: 'region', 'aria-label': label } : {};
  return (
    <div {...focusable} className="w-full overflow-x-auto rounded-card border border-line bg-white">
      {children}
    </div>
  );
}

/** A table in its `ScrollRegion`; one with nothing focusable in it that may scroll takes `scrollLabel`. */
export function Table({ className, scrollLabel, ...props }: React.ComponentProps<'table'> & { scrollLabel?: string }) {
  return (
    <ScrollRegion label={scrollLabel}>
      <table className={cn('w-full caption-bottom border-collapse text-sm', className)} {...props} />
    </ScrollRegion>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  return <thead className={cn('bg-paper-deep/60', className)} {...props} />;
}

export function TableBody(props: React.ComponentProps<'tbody'>) {
  return <tbody {...props} />;
}

export function TableRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return <tr className={cn('border-b border-line last:border-b-0', className)} {...props} />;
}

export function TableHead({ className, ...props }: React.ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn('px-4 py-3 text-left font-medium whitespace-nowrap text-ink-soft', className)}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: React.ComponentProps<'td'>) {
  return <td className={cn('px-4 py-3 align-middle', className)} {...props} />;
}
