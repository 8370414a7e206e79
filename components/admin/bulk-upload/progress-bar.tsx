/** A labelled bar (role progressbar) with its value in words beside it. */
export function ProgressBar({
  label,
  percent,
  valueText,
  tone = 'wash',
}: {
  label: string;
  percent: number;
  valueText: string;
  tone?: 'wash' | 'clay';
}) {
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={valueText}
        className="h-2 flex-1 overflow-hidden rounded-full bg-paper-deep"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-300 motion-reduce:transition-none ${tone === 'clay' ? 'bg-clay' : 'bg-wash'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="w-20 shrink-0 text-right text-sm tabular-nums text-ink-soft">{valueText}</span>
    </div>
  );
}
