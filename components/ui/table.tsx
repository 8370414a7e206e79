import { cn } from '@/lib/utils';

/**
 * Table primitives; the wrapper scrolls sideways on narrow screens instead of squeezing. A table
 * with nothing focusable in it that may scroll takes `scrollLabel`: its wrapper then takes focus
 * and is named, so a keyboard can scroll it (axe: scrollable-region-focusable).
 */
export function Table({ className, scrollLabel, ...props }: React.ComponentProps<'table'> & { scrollLabel?: string }) {
  const scroll = scrollLabel ? { tabIndex: 0, role: 'region', 'aria-label': scrollLabel } : {};
  return (
    <div {...scroll} className="w-full overflow-x-auto rounded-card border border-line bg-white">
      <table className={cn('w-full caption-bottom border-collapse text-sm', className)} {...props} />
    </div>
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
