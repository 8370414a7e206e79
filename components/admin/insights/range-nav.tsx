import Link from 'next/link';
import { cn } from '@/lib/utils';
import { RANGE_DAYS, type RangeDays } from '@/lib/insights/range';

/** 30 / 90 / 365 days as links, the current one marked. */
export function RangeNav({ days }: { days: RangeDays }) {
  return (
    <nav aria-label="Range">
      <ul className="inline-flex rounded-card border border-line bg-white p-1 text-sm">
        {RANGE_DAYS.map((n) => (
          <li key={n}>
            <Link
              href={`/admin/insights?days=${n}`}
              prefetch={false}
              aria-current={n === days ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-9 items-center rounded-md px-3 font-medium underline-offset-4 hover:underline',
                n === days ? 'bg-wash text-white' : 'text-wash-deep',
              )}
            >
              {n} days
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
