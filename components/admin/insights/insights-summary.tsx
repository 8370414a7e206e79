import Link from 'next/link';
import { BarChart3 } from 'lucide-react';
import type { InsightsSummary as Summary } from '@/lib/insights/read';
import { formatCount } from '@/lib/insights/screen';

/** The dashboard's glance at Insights: this week against the last, the most viewed painting, and the way in. */
export function InsightsSummary({ summary }: { summary: Summary | null | 'loading' }) {
  return (
    <section aria-labelledby="insights-heading" className="rounded-card border border-line bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="insights-heading" className="flex items-center gap-2 font-serif text-2xl">
          <BarChart3 aria-hidden className="size-6 text-wash" /> Insights
        </h2>
        <Link
          href="/admin/insights"
          prefetch={false}
          className="inline-flex min-h-6 items-center font-medium text-wash underline underline-offset-4 hover:text-wash-deep"
        >
          Open Insights
        </Link>
      </div>
      {summary === 'loading' ? (
        <p className="mt-3 text-ink-soft">Counting…</p>
      ) : summary ? (
        <div className="mt-3 flex flex-col gap-1">
          <p className="text-ink">{summary.sentence}</p>
          {summary.top?.title ? (
            <p className="text-ink-soft">
              Most viewed painting this week:{' '}
              <Link
                href={summary.top.publicPath ?? summary.top.editPath!}
                prefetch={false}
                className="font-medium text-ink underline underline-offset-4 hover:text-wash-deep"
              >
                {summary.top.title}
              </Link>{' '}
              ({formatCount(summary.top.views)} {summary.top.views === 1 ? 'view' : 'views'}).
            </p>
          ) : null}
        </div>
      ) : (
        <p className="mt-3 text-ink-soft">The numbers could not be read just now. Try again later.</p>
      )}
    </section>
  );
}
