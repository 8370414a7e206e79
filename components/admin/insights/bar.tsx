import { formatCount } from '@/lib/insights/screen';
import { barLength } from './chart-scale';

/**
 * A count and its bar, for a table cell: the number is the text, the bar (against the column's
 * largest) only draws it, so it is hidden from screen readers.
 */
export function BarCell({ value, max }: { value: number; max: number }) {
  return (
    // The number first: on a phone's narrow column it stays in view, and the bar takes the rest.
    <span className="flex min-w-24 items-center gap-3">
      <span className="min-w-8 text-right tabular-nums">{formatCount(value)}</span>
      <svg viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden className="h-3 min-w-8 flex-1">
        <rect width={100} height={10} rx={2} className="fill-paper-deep" />
        <rect width={barLength(value, max)} height={10} rx={2} className="fill-wash" />
      </svg>
    </span>
  );
}
