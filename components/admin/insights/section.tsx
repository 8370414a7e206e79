import { Download } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import type { CsvSection } from '@/lib/insights/csv';
import type { RangeDays } from '@/lib/insights/range';

/** One chart of the Insights screen: its heading, what it shows, and its numbers as a CSV file. */
export function InsightsSection({
  id,
  title,
  description,
  csv,
  children,
}: {
  id: string;
  title: string;
  description?: React.ReactNode;
  csv: { section: CsvSection; days: RangeDays };
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="min-w-0 rounded-card border border-line bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`${id}-heading`} className="font-serif text-2xl">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-ink-soft">{description}</p> : null}
        </div>
        {/* A file, not a page: a plain link, never prefetched. */}
        <a
          href={`/admin/insights/csv?days=${csv.days}&section=${csv.section}`}
          download
          className={buttonVariants({ variant: 'secondary', size: 'sm' })}
        >
          <Download aria-hidden className="size-4" /> Download CSV
          <span className="sr-only"> of {title.toLowerCase()}</span>
        </a>
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** What a section says when there is nothing to show yet. */
export function EmptyState({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-card border border-dashed border-line bg-paper px-4 py-6 text-center text-ink-soft">
      {children}
    </p>
  );
}
