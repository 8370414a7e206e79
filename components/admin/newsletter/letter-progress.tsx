import type { Progress } from '@/lib/newsletter/letter-status';

/**
 * How far a letter has gone (docs/product.md, Letters): a bar of the emails sent out of all, and
 * the counts of sent, waiting and failed. Rendered on the server; while the letter is sending, the
 * page refreshes itself (RefreshWhileSending) and the bar follows.
 */
export function LetterProgressBar({ progress, sending }: { progress: Progress; sending: boolean }) {
  const { total, sent, waiting, failed } = progress;
  const percent = total > 0 ? Math.round((sent / total) * 100) : 0;
  return (
    <section aria-labelledby="letter-progress-heading" className="rounded-card border border-line bg-white p-5">
      <h2 id="letter-progress-heading" className="font-serif text-xl">
        {sending ? 'Sending' : 'Sent'}
      </h2>
      <div
        role="progressbar"
        aria-labelledby="letter-progress-heading"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={sent}
        aria-valuetext={`${sent} of ${total} sent`}
        className="mt-3 h-3 overflow-hidden rounded-full bg-paper-deep"
      >
        <div className="h-full rounded-full bg-wash transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-ink-soft">
        <div className="flex gap-1.5">
          <dt>Sent</dt>
          <dd className="font-semibold text-ink">{sent}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt>Waiting</dt>
          <dd className="font-semibold text-ink">{waiting}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt>Failed</dt>
          <dd className={failed > 0 ? 'font-semibold text-clay' : 'font-semibold text-ink'}>{failed}</dd>
        </div>
      </dl>
      {failed > 0 ? (
        <p className="mt-2 text-sm text-ink-soft">
          Failed emails were tried again for several days and then given up; the Application Logs say why.
        </p>
      ) : null}
    </section>
  );
}
